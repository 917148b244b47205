// The traveller pages in Chromium, under the Content-Security-Policy the service sends (no policy
// of the test's own): the trip page on a phone and a desktop viewport with screenshots kept in
// .artifacts/browser/, axe-core with no violations, the view counter counting once, the join form
// producing a booking, the PDF link, and the catalog's filters, all without a request leaving
// the machine and without a console error (a CSP violation is one).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { positanoDays } from '../helpers/itinerary.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { launchBrowser } from './browser.ts';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../.artifacts/browser');
const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
const VIEWPORTS = {
  phone: { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { width: 1366, height: 900 },
} as const;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let api: TestService;
let browser: Browser;
let account: AccountFixture;
let images: http.Server;
let imageBase: string;
let watched: { page: Page; external: string[]; errors: string[] } | undefined;

beforeAll(async () => {
  const port = await freePort();
  api = await startTestService({
    PORT: String(port),
    PUBLIC_API_URL: `http://localhost:${port}`,
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  account = await anAccount(api.prisma);
  images = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  await fs.mkdir(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => images?.close(resolve));
  await api?.stop();
});
afterEach(async () => {
  if (!watched) return;
  expect(watched.external, 'requests outside this machine').toEqual([]);
  expect(watched.errors, 'console errors').toEqual([]);
  await watched.page.close();
  watched = undefined;
});

/** A page whose requests may reach this machine only, with console errors recorded. */
async function open(viewport: keyof typeof VIEWPORTS = 'desktop') {
  const page = await browser.newPage();
  watched = { page, external: [], errors: [] };
  const seen = watched;
  await page.setViewport(VIEWPORTS[viewport]);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['localhost', '127.0.0.1'].includes(url.hostname) || url.protocol === 'data:')
      return void request.continue();
    seen.external.push(request.url());
    void request.abort('blockedbyclient');
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(`console: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => seen.errors.push(`page: ${String(error)}`));
  return page;
}

async function axeViolations(page: Page) {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(await fs.readFile(AXE, 'utf8'));
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations as Array<{ id: string; nodes: Array<{ html: string }> }>;
  });
  return result.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

async function aTrip(language: string, body: Record<string, unknown> = {}) {
  const trip = await api.request('POST /trips', {
    key: account.owner.key,
    body: {
      title: 'Costa Amalfitana',
      dateStart: '2026-09-05',
      dateFinish: '2026-09-11',
      duration: 7,
      countries: ['ITA'],
      imageUrl: `${imageBase}/cover.png`,
      ...body,
    },
  });
  expect(trip.status, trip.text).toBe(201);
  const saved = await api.request(`PUT /trips/${trip.body.id}/config`, {
    key: account.owner.key,
    body: {
      version: '1.0.0',
      blocks: [
        {
          id: 'itinerary',
          type: 'itinerary',
          children: positanoDays(3),
        },
        { id: 'price', type: 'price', content: { amount: 2450, currency: 'EUR', per: 'person' } },
        { id: 'inc', type: 'included', content: { items: ['Voli', 'Hotel'] } },
      ],
      contact: {
        visible: true,
        agencyName: 'Viaggi Blu',
        email: 'info@viaggiblu.example',
        phoneNumber: '+39 06 000 000',
      },
      settings: {
        canDownloadPdf: true,
        canCreateCopy: false,
        hasExpiration: false,
        language,
        startOfTheWeek: 'monday',
        timeFormat: '24h',
        dateFormat: 'DD/MM/YYYY',
        timezone: 'Europe/Rome',
        currencySymbolPosition: 'end',
        decimalSeparator: ',',
        currency: 'EUR',
        shareOnWhatsapp: { enabled: true },
      },
      moreInfo: {
        enabled: true,
        fields: [{ id: 'diet', type: 'text', label: 'Dieta', required: false }],
      },
      theme: { navigation: 'verticalLeft', color: '#f4c430', logo: `${imageBase}/logo.png` },
      images: { files: [{ url: `${imageBase}/a.png` }, { url: `${imageBase}/b.png` }] },
    },
  });
  expect(saved.status, saved.text).toBe(200);
  return trip.body as { id: number; slug: string; joinCode: string };
}

describe('the trip page in a browser', () => {
  for (const viewport of ['phone', 'desktop'] as const)
    it(`passes axe-core on a ${viewport} and counts the view once`, async () => {
      const trip = await aTrip(viewport === 'phone' ? 'it' : 'de');
      const page = await open(viewport);
      await page.goto(`${api.url}/t/${trip.slug}`, { waitUntil: 'networkidle0' });
      await page.screenshot({ path: path.join(ARTIFACTS, `trip-${viewport}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      const stored = () => api.prisma.trip.findUniqueOrThrow({ where: { id: trip.id } });
      await expect.poll(async () => (await stored()).visualizations).toBe(1);
      await page.reload({ waitUntil: 'networkidle0' });
      // The same viewer, within the hour: still one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await stored()).visualizations).toBe(1);
    });

  it('joins the trip through its form, and links a PDF that downloads', async () => {
    const trip = await aTrip('es');
    const page = await open('phone');
    await page.goto(`${api.url}/t/${trip.slug}`, { waitUntil: 'load' });
    await page.type('#f-joinCode', trip.joinCode);
    await page.type('#f-buyerName', 'Lucía');
    await page.type('#f-buyerSurname', 'Fernández');
    await page.type('#f-buyerEmail', 'lucia@example.com');
    await page.type('#f-more_diet', 'Sin lactosa');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('form.join button'),
    ]);
    const notice = await page.$eval('[role=status]', (e) => e.textContent ?? '');
    expect(notice).toMatch(/^¡Gracias! Tu reserva BK-[A-Z0-9]{8} está registrada/);
    expect(await api.prisma.booking.count({ where: { tripId: trip.id } })).toBe(1);
    const pdf = await page.$eval('a[download]', (a) => (a as HTMLAnchorElement).href);
    const res = await fetch(pdf);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('the catalog page in a browser', () => {
  it('filters without JavaScript and passes axe-core', async () => {
    const italy = await aTrip('it', { title: 'Roma', countries: ['ITA'] });
    const greece = await aTrip('it', {
      title: 'Atene',
      countries: ['GRC'],
      dateStart: '2026-10-01',
      dateFinish: '2026-10-07',
    });
    const catalog = await api.request('POST /catalogs', {
      key: account.owner.key,
      body: {
        title: 'Mediterraneo',
        description: 'Viaggi nel Mediterraneo.',
        isPublic: true,
        filters: { countries: true, month: true, duration: true },
        tripIds: [italy.id, greece.id],
      },
    });
    const page = await open('desktop');
    await page.setJavaScriptEnabled(false);
    await page.setExtraHTTPHeaders({ 'accept-language': 'it-IT,it;q=0.9' });
    await page.goto(`${api.url}/c/${catalog.body.slug}`, { waitUntil: 'load' });
    await page.screenshot({ path: path.join(ARTIFACTS, 'catalog-desktop.png'), fullPage: true });
    const titles = () => page.$$eval('.card h2 a', (links) => links.map((a) => a.textContent));
    expect(await titles()).toEqual(['Roma', 'Atene']);
    await page.select('#filter-country', 'GRC');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('form.filters button'),
    ]);
    expect(new URL(page.url()).searchParams.get('country')).toBe('GRC');
    expect(await titles()).toEqual(['Atene']);
    await page.setJavaScriptEnabled(true);
    await page.reload({ waitUntil: 'load' });
    expect(await axeViolations(page)).toEqual([]);
  });
});
