// The traveller pages' server time (docs/pages.md): a public trip of 14 days and 60
// blocks, created through the REST API on the measured service, then its page (GET /t/{slug}, as
// a browser asks for it: gzip accepted, no ETag to revalidate, so every answer is rendered) and
// its PDF (GET /t/{slug}/pdf, made again each time), one request at a time on a keep-alive
// connection, each timed from the request to its last byte. One at a time, the time of a request
// is the server's: no queue in front of it. A benchmark, never a test: nothing here asserts a time.
import http from 'node:http';
import { quantile, type Usage, usageMeter } from './load.ts';

export const PAGE_SCENARIOS = ['trip-page', 'trip-pdf'] as const;
export type PageScenario = (typeof PAGE_SCENARIOS)[number];

export interface PageResult extends Usage {
  id: PageScenario;
  label: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not 200. */
  errors: number;
  /** Bytes of one answer as sent (the page gzipped). */
  bytes: number;
}

export interface PageTarget {
  url: string;
  key: string;
  pid: number;
  databasePid: number | undefined;
  pageRequests: number;
  pdfRequests: number;
}

export async function measureTravellerPages(
  target: PageTarget,
  ids: readonly PageScenario[],
  log: (line: string) => void,
): Promise<PageResult[]> {
  const slug = await createFortnightTrip(target.url, target.key);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const results: PageResult[] = [];
  try {
    const scenarios: {
      id: PageScenario;
      label: string;
      path: string;
      headers: Record<string, string>;
      count: number;
      warmup: number;
    }[] = [
      {
        id: 'trip-page',
        label: 'GET /t/{slug}: trip page, 14 days, 60 blocks',
        path: `/t/${slug}`,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
        count: target.pageRequests,
        warmup: 50,
      },
      {
        id: 'trip-pdf',
        label: 'GET /t/{slug}/pdf: its PDF',
        path: `/t/${slug}/pdf`,
        headers: { accept: 'application/pdf' },
        count: target.pdfRequests,
        warmup: 3,
      },
    ];
    for (const scenario of scenarios) {
      if (!ids.includes(scenario.id)) continue;
      log(`${scenario.label}: ${scenario.count} requests, one at a time`);
      const get = () => timedGet(agent, target.url + scenario.path, scenario.headers);
      for (let i = 0; i < scenario.warmup; i++) await get();
      const meter = usageMeter(target.pid, target.databasePid);
      const times: number[] = [];
      let errors = 0;
      let bytes = 0;
      for (let i = 0; i < scenario.count; i++) {
        const answer = await get();
        times.push(answer.ms);
        if (answer.status !== 200) errors++;
        bytes = answer.bytes;
      }
      const exact = (q: number) => Math.round(quantile(times, q) * 100) / 100;
      const result: PageResult = {
        id: scenario.id,
        label: scenario.label,
        requests: scenario.count,
        p50Ms: exact(0.5),
        p99Ms: exact(0.99),
        maxMs: exact(1),
        errors,
        bytes,
        ...meter.stop(scenario.count),
      };
      log(
        `  p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${errors} errors, ${bytes} bytes, CPU a request ${result.cpuUsPerItem} µs (PostgreSQL ${result.databaseCpuUsPerItem ?? '?'} µs)`,
      );
      results.push(result);
    }
  } finally {
    agent.destroy();
  }
  return results;
}

function timedGet(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - start }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A public trip of 14 days and 60 blocks, made through the API; its slug. */
async function createFortnightTrip(url: string, key: string): Promise<string> {
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { id: number; slug: string };
  };
  const trip = await send('POST', '/trips', {
    title: 'Japan in autumn: Tokyo, Kyoto and the Alps',
    dateStart: '2026-10-03',
    dateFinish: '2026-10-16',
    duration: 14,
    countries: ['JPN'],
    visibility: 'public',
  });
  await send('PUT', `/trips/${trip.id}/config`, fortnightConfiguration());
  return trip.slug;
}

/**
 * 60 blocks: the itinerary, 14 days, 41 blocks in them (flights, stays, trains, transfers, a car,
 * a ferry, activities, text) and four after them (price, payment, included, excluded), with the
 * contact card, the moreInfo form and settings of a real trip. No image: the PDF would fetch it
 * from the agency's address, which is not this machine.
 */
export function fortnightConfiguration() {
  const date = (day: number) => `2026-10-${String(day + 2).padStart(2, '0')}`;
  const leaves = (day: number) => {
    const id = (n: number) => `d${day}-${n}`;
    const parent = `day-${day}`;
    const stay = {
      id: id(1),
      type: 'accommodation',
      parent,
      content: {
        name: day < 6 ? 'Hotel Gracery Shinjuku' : day < 11 ? 'Ryokan Yachiyo' : 'Hotel Kanazawa',
        checkIn: date(day),
        checkOut: date(day + 1),
        nights: 1,
        city: day < 6 ? 'Tokyo' : day < 11 ? 'Kyoto' : 'Kanazawa',
        address: '1-19-1 Kabukicho, Shinjuku',
      },
    };
    const activity = {
      id: id(2),
      type: 'activity',
      parent,
      content: {
        title: `Guided walk, day ${day}`,
        time: '09:30',
        place: 'Meeting point at the hotel lobby',
        description:
          'A walk with a local guide through temples and markets.\n\nLunch in a small restaurant on the way.',
      },
    };
    const third =
      day === 1 || day === 14
        ? {
            id: id(3),
            type: 'flight',
            parent,
            content: {
              airline: 'Japan Airlines',
              flightNumber: day === 1 ? 'JL44' : 'JL43',
              departureAirport: day === 1 ? 'LHR' : 'HND',
              arrivalAirport: day === 1 ? 'HND' : 'LHR',
              departureTime: day === 1 ? '19:20' : '11:50',
              arrivalTime: day === 1 ? '16:50' : '16:25',
              date: date(day),
              arrivalDate: date(day === 1 ? day + 1 : day),
              bookingReference: 'JL7Q2X',
            },
          }
        : day % 4 === 0
          ? {
              id: id(3),
              type: 'transport',
              parent,
              content: {
                mode: 'train',
                from: 'Tokyo',
                to: 'Kyoto',
                time: '08:03',
                arrivalTime: '10:18',
                number: 'Nozomi 9',
                operator: 'JR Central',
              },
            }
          : day % 4 === 1
            ? {
                id: id(3),
                type: 'transport',
                parent,
                content: { mode: 'ferry', from: 'Uno', to: 'Naoshima', time: '10:22' },
              }
            : day % 4 === 2
              ? {
                  id: id(3),
                  type: 'transport',
                  parent,
                  content: {
                    mode: 'carRental',
                    from: 'Matsumoto station',
                    to: 'Kanazawa station',
                    time: '09:00',
                    arrivalTime: '18:00',
                    arrivalDate: date(day + 2),
                    operator: 'Toyota Rent a Car',
                    description: 'Compact car, automatic',
                  },
                }
              : {
                  id: id(3),
                  type: 'text',
                  parent,
                  content: {
                    title: 'Good to know',
                    text: 'Carry some cash: small shops and temples often take no cards.',
                  },
                };
    // 41 blocks in the days: three a day, two on the last.
    return day === 14 ? [third, activity] : [stay, activity, third];
  };
  const days = Array.from({ length: 14 }, (_, i) => ({
    id: `day-${i + 1}`,
    type: 'itineraryDay',
    parent: 'itinerary',
    content: { day: i + 1, date: date(i + 1), title: `Day ${i + 1}` },
    children: leaves(i + 1),
  }));
  return {
    version: '1.0.0',
    blocks: [
      { id: 'itinerary', type: 'itinerary', content: { title: 'Itinerary' }, children: days },
      {
        id: 'price',
        type: 'price',
        content: { amount: 4890, currency: 'EUR', per: 'person', total: 9780, travellers: 2 },
      },
      {
        id: 'payment',
        type: 'payment',
        content: { kind: 'deposit', amount: 1000, currency: 'EUR', dueDate: '2026-07-01' },
      },
      { id: 'included', type: 'included', content: { items: ['Flights', 'Hotels', 'JR Pass'] } },
      { id: 'excluded', type: 'excluded', content: { items: ['Dinners', 'Tips'] } },
    ],
    contact: {
      visible: true,
      type: 'agency',
      agencyName: 'Far East Journeys',
      agentName: 'Emma Clarke',
      email: 'emma@fareast.example',
      phoneNumber: '+44 20 7946 0000',
      web: 'https://fareast.example',
      address: '12 Long Acre, London',
    },
    settings: {
      canDownloadPdf: true,
      canCreateCopy: false,
      hasExpiration: false,
      language: 'en',
      startOfTheWeek: 'monday',
      timeFormat: '24h',
      dateFormat: 'D MMM YYYY',
      timezone: 'Asia/Tokyo',
      currencySymbolPosition: 'start',
      decimalSeparator: '.',
      currency: 'EUR',
      shareOnWhatsapp: { enabled: true },
    },
    moreInfo: {
      enabled: true,
      fields: [
        { id: 'diet', type: 'text', label: 'Dietary needs', required: false },
        { id: 'notes', type: 'textarea', label: 'Anything else', required: false },
      ],
    },
    theme: { navigation: 'verticalLeft', color: '#b3261e', pdfContactPosition: 'lastPage' },
    images: { files: [] },
  };
}
