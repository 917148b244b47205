// The trip's PDF over HTTP (docs/pages.md), read back with pdf.js (unpdf): the page's
// content in reading order with every accent of the six languages, the contact card on the first
// or the last page as pdfContactPosition says, page numbers, images fetched through the outbound
// policy (a private address is never reached): logo, cover, gallery, slider and contact picture;
// no PDF when the settings refuse it, a 304, and an HTML page (not JSON) for a 503.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { pngOfSize } from '../helpers/png.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let images: http.Server;
let imageBase: string;
const imageRequests: string[] = [];
/** Answers to /held/... images, kept until the test lets them go. */
const held: http.ServerResponse[] = [];
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
    if (request.url?.startsWith('/held/')) return void held.push(response);
    const sized = /^\/(\d+)x(\d+)\.png$/.exec(request.url ?? '');
    const image = sized ? pngOfSize(Number(sized[1]), Number(sized[2])) : PNG;
    response.writeHead(200, { 'content-type': 'image/png' }).end(image);
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
  return {
    res,
    pages: text as string[],
    raw: Buffer.from(bytes).toString('latin1'),
    /** The size of each image drawn, page by page, as pdf.js reads them. */
    images: async () => {
      const sizes: string[][] = [];
      for (let page = 1; page <= document.numPages; page++)
        sizes.push(
          (await extractImages(document, page)).map((image) => `${image.width}x${image.height}`),
        );
      return sizes;
    },
  };
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

  it('shows the logo, cover, gallery, slider and contact picture as the page does, fetched through the outbound policy', async () => {
    imageRequests.length = 0;
    // Each image a size of its own, so that the PDF read back says which one it drew where.
    const shown = await aTrip({
      theme: { logo: `${imageBase}/320x128.png`, pdfContactPosition: 'lastPage' },
      cover: { enabled: true, files: [{ url: `${imageBase}/1200x450.png` }] },
      images: {
        files: [
          { url: `${imageBase}/640x480.png`, display: 'contain' },
          { url: `${imageBase}/600x400.png` },
        ],
      },
      slider: [`${imageBase}/500x500.png`],
      contact: {
        visible: true,
        agencyName: 'Agência Sul',
        email: 'reservas@sul.example',
        pictureUrl: `${imageBase}/120x120.png`,
      },
    });
    const page = await api.request(`GET /t/${shown.slug}`);
    for (const size of ['320x128', '1200x450', '640x480', '600x400', '500x500', '120x120'])
      expect(page.text).toContain(`${imageBase}/${size}.png`);
    const pdf = await pdfOf(shown.slug);
    expect(imageRequests.sort()).toEqual(
      [
        '/1200x450.png',
        '/120x120.png',
        '/320x128.png',
        '/500x500.png',
        '/600x400.png',
        '/640x480.png',
      ].sort(),
    );
    const drawn = await pdf.images();
    // The header on the first page: logo and cover.
    expect(drawn[0]).toEqual(expect.arrayContaining(['320x128', '1200x450']));
    // The gallery after the days (the trip's images, then the slider), then the contact with its
    // picture, on the last pages.
    const all = pdf.pages.join('\n');
    expect(all.indexOf('Galeria')).toBeGreaterThan(all.indexOf('Dia 14 ·'));
    expect(all.indexOf('Galeria')).toBeLessThan(all.lastIndexOf('Agência Sul'));
    const galleryPage = pdf.pages.findIndex((text) => text.includes('Galeria'));
    expect(drawn.slice(galleryPage).flat()).toEqual(
      expect.arrayContaining(['640x480', '600x400', '500x500', '120x120']),
    );
    expect(drawn.flat()).toHaveLength(6);

    const refused = await aTrip({
      theme: { logo: 'http://10.20.30.40/logo.png' },
      images: { files: [{ url: 'http://192.168.1.1/a.png' }] },
    });
    const without = await pdfOf(refused.slug);
    expect(without.raw).not.toContain('/Subtype /Image');
    expect(without.pages[0]).toContain('Alentejo e Algarve');
    expect(without.pages.join('\n')).not.toContain('Galeria');
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

  it('is an HTML page, not JSON, when too many PDFs are being made: a 503 with Retry-After', async () => {
    // Four PDFs wait for their logo, which the image server holds: the process makes no more.
    const trip = await aTrip({ theme: { logo: `${imageBase}/held/logo.png` } });
    held.length = 0;
    const waiting = Array.from({ length: 4 }, () => api.fetch(`${api.url}/t/${trip.slug}/pdf`));
    await expect.poll(() => held.length).toBe(4);
    const busy = await api.fetch(`${api.url}/t/${trip.slug}/pdf`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(busy.headers.get('cache-control')).toBe('no-store');
    const text = await busy.text();
    expect(text).toContain('<html lang="de">');
    expect(text).toContain('Bitte versuchen Sie es gleich noch einmal');
    expect(text).toContain(`href="/t/${trip.slug}/pdf"`);
    for (const response of held) response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    for (const made of await Promise.all(waiting)) expect(made.status).toBe(200);
    // The REST paths keep their JSON errors.
    const rest = await api.request('GET /trips/999999999', { key: account.owner.key });
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});
