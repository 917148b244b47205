// The optional LLM generator against a local fake OpenAI-compatible server: its structured answer
// becomes the trip, validated against the document (what it invents is dropped and logged) and
// merged with the document's structured data (which wins); a malformed answer, a schema violation
// or a server error fall back to the built-in extractor, and the job's log says so.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

type Mode = 'good' | 'inventive' | 'not-json' | 'wrong-shape' | 'server-error';
let mode: Mode = 'good';
const requests: any[] = [];

const ANSWER = {
  title: 'Lisbon and Sintra in Spring',
  description: 'Three days in Lisbon with a day trip to Sintra.',
  dateStart: '2026-04-14',
  dateFinish: '2026-04-16',
  duration: 3,
  countries: ['PT'],
  language: 'en',
  price: { amount: 980, currency: 'EUR', per: 'person' },
  days: [
    {
      day: 1,
      date: '2026-04-14',
      title: 'Lisbon',
      blocks: [
        {
          type: 'flight',
          title: null,
          description: null,
          time: null,
          flightNumber: 'TP1351',
          airline: 'TAP',
          departureAirport: 'LHR',
          arrivalAirport: 'LIS',
          departureTime: '07:45',
          arrivalTime: '10:25',
          checkIn: null,
          checkOut: null,
          mode: null,
          from: null,
          to: null,
        },
        {
          type: 'accommodation',
          title: 'Hotel Avenida Palace',
          description: null,
          time: null,
          flightNumber: null,
          airline: null,
          departureAirport: null,
          arrivalAirport: null,
          departureTime: null,
          arrivalTime: null,
          checkIn: '2026-04-14',
          checkOut: '2026-04-16',
          mode: null,
          from: null,
          to: null,
        },
      ],
    },
    {
      day: 2,
      date: '2026-04-15',
      title: 'Sintra',
      blocks: [
        {
          type: 'activity',
          title: 'Pena Palace',
          description: 'Guided visit',
          time: '09:30',
          flightNumber: null,
          airline: null,
          departureAirport: null,
          arrivalAirport: null,
          departureTime: null,
          arrivalTime: null,
          checkIn: null,
          checkOut: null,
          mode: null,
          from: null,
          to: null,
        },
      ],
    },
    { day: 3, date: '2026-04-16', title: 'Departure', blocks: [] },
  ],
};

/** The good answer with a flight the document does not mention and an impossible arrival time. */
const INVENTIVE = {
  ...ANSWER,
  // A day the service does not keep (year 0000 is 1 BC in PostgreSQL): dropped, not stored.
  dateFinish: '0000-04-16',
  days: [
    {
      ...ANSWER.days[0]!,
      blocks: [{ ...ANSWER.days[0]!.blocks[0]!, arrivalTime: '29:99' }, ANSWER.days[0]!.blocks[1]!],
    },
    ANSWER.days[1]!,
    {
      ...ANSWER.days[2]!,
      blocks: [
        {
          ...ANSWER.days[0]!.blocks[0]!,
          flightNumber: 'AB1234',
          departureAirport: 'CDG',
          arrivalAirport: 'MAD',
          departureTime: '18:00',
          arrivalTime: '20:00',
        },
      ],
    },
  ],
};

let llm: http.Server;
let api: TestService;
let account: AccountFixture;

beforeAll(async () => {
  llm = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
      if (mode === 'server-error')
        return void res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":{"message":"boom"}}');
      const content =
        mode === 'not-json'
          ? 'Sure! Here is your trip: Lisbon.'
          : JSON.stringify(
              mode === 'wrong-shape' ? { title: 42 } : mode === 'inventive' ? INVENTIVE : ANSWER,
            );
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'fake-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content, refusal: null },
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
  api = await startTestApp({
    IMPORT_LLM_BASE_URL: llmUrl,
    IMPORT_LLM_API_KEY: 'sk-test',
    IMPORT_LLM_MODEL: 'fake-model',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
  await new Promise((resolve) => llm?.close(resolve));
});

const TEXT =
  'Weekend in Lisbon, 14 to 16 April 2026. Day 1: flight TP1351 London (LHR) 07:45 – Lisbon (LIS) 10:25. Overnight at Hotel Avenida Palace. Day 2: Sintra, Pena Palace at 09:30. Day 3: departure. Price: 980 EUR per person.';

async function importText(source: unknown = { type: 'text', text: TEXT }) {
  const res = await api.request(`POST ${api.running.aiUrl}/trip-imports`, {
    key: account.owner.key,
    body: { source },
  });
  expect(res.status).toBe(202);
  for (let i = 0; i < 300; i++) {
    const job = await api.prisma.importJob.findUniqueOrThrow({
      where: { publicId: res.body.jobId },
      include: { trip: { include: { configuration: true } } },
    });
    if (job.status !== 'processing') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

describe('the LLM generator', () => {
  it('asks the configured endpoint for structured JSON and builds the trip from the answer', async () => {
    mode = 'good';
    const job = await importText();
    expect(job.status, job.error ?? '').toBe('completed');
    const request = requests.at(-1);
    expect(request).toMatchObject({
      path: '/v1/chat/completions',
      auth: 'Bearer sk-test',
      body: { model: 'fake-model', response_format: { type: 'json_schema' } },
    });
    expect(JSON.stringify(request.body.messages)).toContain('TP1351');
    expect(job.trip).toMatchObject({
      title: 'Lisbon and Sintra in Spring',
      duration: 3,
      countries: ['PRT'],
      seoDescription: 'Three days in Lisbon with a day trip to Sintra.',
    });
    const [itinerary, price] = (job.trip!.configuration!.document as any).blocks;
    expect(itinerary.children.map((d: any) => d.children.map((c: any) => c.type))).toEqual([
      ['flight', 'accommodation'],
      ['activity'],
      [],
    ]);
    expect(itinerary.children[0].children[1].content).toMatchObject({
      name: 'Hotel Avenida Palace',
      checkIn: '2026-04-14',
      checkOut: '2026-04-16',
      nights: 2,
    });
    expect(price.content).toMatchObject({ amount: 980, currency: 'EUR' });
    expect((job.log as any[]).map((l) => l.message)).toContain('Generator: LLM (fake-model).');
  });

  it('drops what the model invents (a flight not in the document, an impossible time), logs it, and lets structured data win', async () => {
    mode = 'inventive';
    // The same plan as an HTML page whose schema.org markup says the flight leaves at 07:50 and lands at 10:30.
    const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"FlightReservation","reservationNumber":"K7PX2Q",
      "reservationFor":{"@type":"Flight","flightNumber":"1351","airline":{"@type":"Airline","iataCode":"TP","name":"TAP Air Portugal"},"departureAirport":{"@type":"Airport","iataCode":"LHR"},
      "arrivalAirport":{"@type":"Airport","iataCode":"LIS"},"departureTime":"2026-04-14T07:50:00+01:00","arrivalTime":"2026-04-14T10:30:00+01:00"}}</script></head><body><p>${TEXT}</p></body></html>`;
    const job = await importText({
      type: 'inline',
      data: Buffer.from(html).toString('base64'),
      filename: 'lisbon.html',
    });
    expect(job.status, job.error ?? '').toBe('completed');
    expect(String(job.trip!.dateFinish)).not.toMatch(/^0000/);
    const [itinerary] = (job.trip!.configuration!.document as any).blocks;
    const flights = itinerary.children.flatMap((d: any) =>
      d.children.filter((c: any) => c.type === 'flight').map((c: any) => c.content),
    );
    expect(flights).toEqual([
      expect.objectContaining({
        flightNumber: 'TP1351',
        airline: 'TAP Air Portugal',
        departureTime: '07:50',
        arrivalTime: '10:30',
        bookingReference: 'K7PX2Q',
      }),
    ]);
    expect(itinerary.children[0].children.map((c: any) => c.type)).toEqual([
      'flight',
      'accommodation',
    ]);
    const messages = (job.log as any[]).map((l) => l.message).join('\n');
    expect(messages).toMatch(
      /Dropped from the model's answer .*arrival time "29:99".*flight "AB1234"/,
    );
    expect(messages).toMatch(
      /Structured data: 1 flight; 1 block read from the text replaced by them/,
    );
  });

  for (const failing of ['not-json', 'wrong-shape', 'server-error'] as const) {
    it(`falls back to the built-in extractor when the model answers ${failing}, and logs it`, async () => {
      mode = failing;
      const job = await importText();
      expect(job.status, job.error ?? '').toBe('completed');
      expect(job.trip).toMatchObject({
        title: 'Weekend in Lisbon',
        duration: 3,
        countries: ['PRT'],
      });
      const warning = (job.log as any[]).find((l) => l.level === 'warn');
      expect(warning.message).toMatch(/LLM generator failed .*fell back to the built-in extractor/);
    });
  }
});
