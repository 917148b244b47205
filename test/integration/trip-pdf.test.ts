// The trip's PDF over HTTP (docs/pages.md), read back with pdf.js (unpdf): the page's
// content in reading order with every accent of the six languages, the contact card on the first
// or the last page as pdfContactPosition says, page numbers, images fetched through the outbound
// policy (a private address is never reached), no PDF when the settings refuse it, and a 304.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let images: http.Server;
let imageBase: string;
const imageRequests: string[] = [];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  account = await anAccount(api.prisma);
  images = http.createServer((request, response) => {
    imageRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => images?.close(resolve));
  await api?.stop();
});

const SETTINGS = {
  canDownloadPdf: true,
  canCreateCopy: false,
  hasExpiration: false,
  language: 'pt',
  startOfTheWeek: 'monday',
  timeFormat: '24h',
  dateFormat: 'DD/MM/YYYY',
  timezone: 'Europe/Lisbon',
  currencySymbolPosition: 'end',
  decimalSeparator: ',',
  currency: 'EUR',
};

/** Enough days to fill several pages. */
const days = Array.from({ length: 14 }, (_, i) => ({
  id: `day-${i + 1}`,
  type: 'itineraryDay',
  parent: 'itinerary',
  content: {
    day: i + 1,
    date: `2026-04-${String(i + 10).padStart(2, '0')}`,
    title: `Dia em Évora ${i + 1}`,
  },
  children: [
    {
      id: `act-${i + 1}`,
      type: 'activity',
      parent: `day-${i + 1}`,
      content: {
        title: `Passeio ${i + 1}: Sé, Praça do Giraldo e Capela dos Ossos`,
        time: '09:30',
        place: 'Évora',
        description:
          'Visita guiada com acentos de todas as línguas: ação, coração, não, você; ñandú, pingüino; crème brûlée, Noël, façade; città, perché; Grüße, Straße, Öl; “aspas” – travessão — e € 10.',
      },
    },
  ],
}));

async function aTrip(configuration: Record<string, unknown>, trip: Record<string, unknown> = {}) {
  const created = await api.request('POST /trips', {
    key: account.owner.key,
    body: {
      title: 'Alentejo e Algarve: ação!',
      dateStart: '2026-04-10',
      dateFinish: '2026-04-23',
      countries: ['PRT'],
      ...trip,
    },
  });
  expect(created.status, created.text).toBe(201);
  const saved = await api.request(`PUT /trips/${created.body.id}/config`, {
    key: account.owner.key,
    body: {
      version: '1.0.0',
      blocks: [
        {
          id: 'itinerary',
          type: 'itinerary',
          children: [
            {
              id: 'day-0',
              type: 'itineraryDay',
              parent: 'itinerary',
              content: { day: 0, date: '2026-04-09', title: 'Chegada' },
              children: [
                {
                  id: 'f1',
                  type: 'flight',
                  parent: 'day-0',
                  content: {
                    airline: 'TAP Air Portugal',
                    flightNumber: 'TP202',
                    departureAirport: 'EWR',
                    arrivalAirport: 'LIS',
                    departureTime: '19:10',
                    arrivalTime: '07:05',
                    date: '2026-04-09',
                    arrivalDate: '2026-04-10',
                    bookingReference: 'SECRET1',
                  },
                },
                {
                  id: 'h',
                  type: 'text',
                  parent: 'day-0',
                  hidden: true,
                  content: { text: 'Margem interna' },
                },
              ],
            },
            ...days,
          ],
        },
        { id: 'price', type: 'price', content: { amount: 1890.5, currency: 'EUR', per: 'person' } },
      ],
      contact: {
        visible: true,
        agencyName: 'Agência Sul',
        email: 'reservas@sul.example',
        phoneNumber: '+351 210 000 000',
      },
      settings: SETTINGS,
      moreInfo: { enabled: false, fields: [] },
      images: { files: [] },
      theme: {},
      ...configuration,
    },
  });
  expect(saved.status, saved.text).toBe(200);
  return created.body as { id: number; slug: string };
}

async function pdfOf(slug: string) {
  const res = await api.fetch(`${api.url}/t/${slug}/pdf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const document = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(document, { mergePages: false });
  return { res, pages: text as string[], raw: Buffer.from(bytes).toString('latin1') };
}

describe('GET /t/{slug}/pdf', () => {
  it('writes the page in reading order, with every accent, page numbers and the contact last', async () => {
    const trip = await aTrip({ theme: { pdfContactPosition: 'lastPage', color: '#0a6e4f' } });
    const { res, pages } = await pdfOf(trip.slug);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${trip.slug}.pdf"`);
    expect(pages.length).toBeGreaterThan(2);
    const all = pages.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('Alentejo e Algarve: ação!');
    expect(all).toContain('10/04/2026 – 23/04/2026');
    expect(all).toContain(
      'ação, coração, não, você; ñandú, pingüino; crème brûlée, Noël, façade; città, perché; Grüße, Straße, Öl; “aspas” – travessão — e € 10.',
    );
    expect(all).toMatch(
      /Voo TAP Air Portugal TP202[\s\S]*Chegada: Lisboa \(LIS\) · 07:05 \+1|Chegada: LIS · 07:05 \+1/,
    );
    expect(all).toContain('1.890,50 € por pessoa');
    expect(all).not.toContain('SECRET1');
    expect(all).not.toContain('Margem interna');
    // Reading order: the days one after the other, then the price, then the contact.
    const order = ['Dia 1 ·', 'Dia 2 ·', 'Dia 14 ·', 'Preço', 'Contacto', 'Agência Sul'].map((s) =>
      all.indexOf(s),
    );
    expect(order.every((p) => p >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const [i, text] of pages.entries())
      expect(text).toContain(`Página ${i + 1} / ${pages.length}`);
    expect(pages.at(-1)).toContain('reservas@sul.example');
    expect(pages[0]).not.toContain('Agência Sul');
  });

  it('puts the contact on the first page when the theme says so', async () => {
    const trip = await aTrip({ theme: { pdfContactPosition: 'firstPage' } });
    const { pages } = await pdfOf(trip.slug);
    expect(pages[0]).toContain('Agência Sul');
    expect(pages[0]!.indexOf('Agência Sul')).toBeLessThan(pages[0]!.indexOf('Dia 1 ·'));
    expect(pages.slice(1).join('\n')).not.toContain('Agência Sul');
  });

  it('fetches the logo and cover through the outbound policy: a private address is never reached', async () => {
    imageRequests.length = 0;
    const shown = await aTrip({
      theme: { logo: `${imageBase}/logo.png` },
      cover: { enabled: true, files: [{ url: `${imageBase}/cover.png` }] },
    });
    const withImages = await pdfOf(shown.slug);
    expect(imageRequests.sort()).toEqual(['/cover.png', '/logo.png']);
    // Each PNG is an image and its alpha mask.
    expect(withImages.raw.match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);

    const refused = await aTrip({ theme: { logo: 'http://10.20.30.40/logo.png' } });
    const without = await pdfOf(refused.slug);
    expect(without.raw).not.toContain('/Subtype /Image');
    expect(without.pages[0]).toContain('Alentejo e Algarve');
  });

  it('is a 404 page when the settings refuse the download, and 304 for an unchanged trip', async () => {
    const refused = await aTrip({ settings: { ...SETTINGS, canDownloadPdf: false } });
    const none = await api.request(`GET /t/${refused.slug}/pdf`);
    expect(none.status).toBe(404);
    expect(none.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await api.request(`GET /t/${refused.slug}`);
    expect(page.text).not.toContain('/pdf');

    const trip = await aTrip({});
    const { res } = await pdfOf(trip.slug);
    const etag = res.headers.get('etag')!;
    const again = await api.fetch(`${api.url}/t/${trip.slug}/pdf`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    await api.request(`PATCH /trips/${trip.id}/config`, {
      key: account.owner.key,
      body: { settings: { language: 'de' } },
    });
    const changed = await api.fetch(`${api.url}/t/${trip.slug}/pdf`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
  });
});
