// Word documents through the AI import over HTTP: an itinerary .docx sent inline and by URL (a
// local document server answering with Word's content type) becomes a trip whose days come from
// the document's table; a .docx name on other bytes, and a ZIP that is not Word, are refused as
// unsupported_format.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX } from '../../src/imports/document.ts';
import { stopDocx } from '../../src/imports/extract/docx.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { miniDocx } from '../helpers/mini-docx.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let docs: { url: string; close(): Promise<void> };
let itinerary: Buffer;

beforeAll(async () => {
  api = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  account = await anAccount(api.prisma);
  itinerary = await miniDocx([
    { heading: 'Lisbon and Porto: a week in Portugal' },
    { paragraph: 'Prepared for the Martins family by Atlantic Journeys, 12 to 16 September 2026.' },
    { heading: 'Day by day', level: 2 },
    {
      table: [
        ['Day', 'Date', 'Programme'],
        ['Day 1', '12 September 2026', 'Arrival in Lisbon, transfer to the hotel'],
        ['Day 2', '13 September 2026', 'Belém: the Jerónimos Monastery and the tower'],
        ['Day 3', '14 September 2026', 'Day trip to Sintra and the Pena Palace'],
        ['Day 4', '15 September 2026', 'Porto: the Ribeira and the Livraria Lello'],
        ['Day 5', '16 September 2026', 'Port wine cellars in Vila Nova de Gaia'],
      ],
    },
    { heading: 'Included', level: 2 },
    { bullets: ['Hotels with breakfast', 'Train Lisbon to Porto, first class'] },
    { paragraph: 'Price: 1,850 EUR per person.' },
  ]);
  docs = await serve({
    '/portugal.docx': itinerary,
    '/fake.docx': Buffer.from('PK\u0003\u0004 this is not a Word document', 'latin1'),
  });
});
afterAll(async () => {
  await docs?.close();
  await api?.stop();
  await stopDocx();
});

/** A local document server: each path's bytes with Word's content type, as a web server sends a .docx. */
async function serve(files: Record<string, Buffer>) {
  const server = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (!body) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': DOCX }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const inline = (content: Buffer, filename: string) => ({
  source: { type: 'inline', data: content.toString('base64'), filename },
});

/** POST /ai/trips/from-document, then the job once it has ended. */
async function runImport(body: unknown, timeoutMs = 45_000) {
  const res = await api.request('POST /ai/trips/from-document', { key: account.owner.key, body });
  expect(res.status, res.text).toBe(202);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api.prisma.importJob.findUniqueOrThrow({
      where: { publicId: res.body.jobId },
    });
    if (job.status !== 'processing') return job;
    if (Date.now() > deadline) throw new Error(`import still ${job.stage} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The trip an import made, read back over HTTP: its fields and its itinerary's days. */
async function tripOf(tripId: number) {
  const trip = await api.request(`GET /trips/${tripId}`, { key: account.owner.key });
  const config = await api.request(`GET /trips/${tripId}/config`, { key: account.owner.key });
  expect([trip.status, config.status]).toEqual([200, 200]);
  const days = config.body.blocks
    .find((b: any) => b.type === 'itinerary')
    .children.map((d: any) => [
      d.content.day,
      d.content.date,
      d.content.title,
      d.children.map((c: any) => c.type),
    ]);
  const price = config.body.blocks.find((b: any) => b.type === 'price')?.content;
  const included = config.body.blocks.find((b: any) => b.type === 'included')?.content.items;
  return { trip: trip.body, days, price, included };
}

/** A day per row of the table: its number, its date, its programme (day 1's transfer a block of its own). */
const PORTUGAL_DAYS = [
  [1, '2026-09-12', 'Arrival in Lisbon', ['transport']],
  [2, '2026-09-13', 'Belém: the Jerónimos Monastery and the tower', []],
  [3, '2026-09-14', 'Day trip to Sintra and the Pena Palace', []],
  [4, '2026-09-15', 'Porto: the Ribeira and the Livraria Lello', []],
  [5, '2026-09-16', 'Port wine cellars in Vila Nova de Gaia', []],
];

describe('POST /ai/trips/from-document with a Word document', () => {
  it('inline: a trip whose days come from the table, its list and price kept; one credit (text)', async () => {
    const job = await runImport(inline(itinerary, 'Portugal programme.docx'));
    expect(job, job.error ?? '').toMatchObject({
      status: 'completed',
      mediaType: DOCX,
      sourceFilename: 'Portugal programme.docx',
      aiCredits: 1,
    });
    expect((job.log as Array<{ message: string }>)[0]!.message).toMatch(
      /^Read 1 page of DOCX \(\d+ characters\)\.$/,
    );
    const { trip, days, price, included } = await tripOf(job.tripId!);
    expect(trip).toMatchObject({
      title: 'Lisbon and Porto: a week in Portugal',
      countries: ['PRT'],
    });
    expect(trip.dateStart.slice(0, 10)).toBe('2026-09-12');
    expect(days).toEqual(PORTUGAL_DAYS);
    expect(price).toMatchObject({ amount: 1850, currency: 'EUR', per: 'person' });
    expect(included).toEqual(['Hotels with breakfast', 'Train Lisbon to Porto, first class']);
  });

  it('by URL: downloaded, told by content, read the same way', async () => {
    const job = await runImport({ source: { type: 'url', url: `${docs.url}/portugal.docx` } });
    expect(job, job.error ?? '').toMatchObject({ status: 'completed', mediaType: DOCX });
    const { trip, days } = await tripOf(job.tripId!);
    expect(trip.title).toBe('Lisbon and Porto: a week in Portugal');
    expect(days).toEqual(PORTUGAL_DAYS);
  });

  it('refuses a .docx name on other bytes, and a ZIP that is not Word, as unsupported_format', async () => {
    const sheet = await miniDocx([], {
      mainContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    });
    for (const [content, filename] of [
      [Buffer.from('PK\u0003\u0004 this is not a Word document', 'latin1'), 'plan.docx'],
      [sheet, 'plan.docx'],
    ] as const) {
      const res = await api.request('POST /ai/trips/from-document', {
        key: account.owner.key,
        body: inline(content, filename),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          code: 'unsupported_format',
          message: 'plan.docx is not a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG file.',
        },
      });
    }
    const job = await runImport({ source: { type: 'url', url: `${docs.url}/fake.docx` } });
    expect(job).toMatchObject({ status: 'error', tripId: null });
    expect(job.error).toBe(
      'The document at the URL is not a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG file (unsupported_format).',
    );
  });
});
