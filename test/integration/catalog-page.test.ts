// The public catalog page over HTTP (docs/pages.md): its public trips in catalog order
// as cards linking to their pages, the filters it enables working as a plain GET form, pages of
// cards, the visitor's language, and a 404 page for a catalog that is not public. Also the
// import's waiting page (/i/{jobId}) for jobs that do not exist.
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;

beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

async function aTrip(body: Record<string, unknown>) {
  const res = await api.request('POST /trips', { key: account.owner.key, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; slug: string };
}

async function aCatalog(body: Record<string, unknown>) {
  const res = await api.request('POST /catalogs', { key: account.owner.key, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; slug: string };
}

const page = async (path: string, language = 'en') => {
  const res = await api.request(`GET ${path}`, { headers: { 'accept-language': language } });
  return { ...res, document: parseHTML(res.text).document };
};
const titles = (document: Document) =>
  [...document.querySelectorAll('.card h2 a')].map((a) => a.textContent);

describe('GET /c/{slug}', () => {
  it('lists the public trips in catalog order, filtered by country, month and duration', async () => {
    const lisbon = await aTrip({
      title: 'Lisboa',
      countries: ['PRT'],
      dateStart: '2026-05-04',
      dateFinish: '2026-05-08',
      duration: 5,
      seoDescription: 'Fado & <tascas>',
      imageUrl: 'https://cdn.example.com/lisboa.jpg',
    });
    const andalusia = await aTrip({
      title: 'Andalucía',
      countries: ['ESP'],
      dateStart: '2026-06-10',
      duration: 10,
    });
    const iberia = await aTrip({
      title: 'Iberia',
      countries: ['ESP', 'PRT'],
      dateStart: '2026-05-20',
      duration: 21,
    });
    const hidden = await aTrip({ title: 'Privado', countries: ['ESP'], visibility: 'private' });
    const deleted = await aTrip({ title: 'Borrado', countries: ['ESP'] });
    const catalog = await aCatalog({
      title: 'Península 2026',
      description: 'Nuestros viajes por España y Portugal.',
      logoUrl: 'https://cdn.example.com/logo.png',
      isPublic: true,
      filters: { countries: true, month: true, duration: true },
      tripIds: [iberia.id, hidden.id, lisbon.id, deleted.id, andalusia.id],
    });
    await api.request(`DELETE /trips/${deleted.id}`, { key: account.owner.key });

    const all = await page(`/c/${catalog.slug}`, 'es-ES,es;q=0.9');
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(all.document.documentElement.getAttribute('lang')).toBe('es');
    expect(all.document.querySelector('h1')?.textContent).toBe('Península 2026');
    expect(all.document.querySelector('.logo')?.getAttribute('src')).toBe(
      'https://cdn.example.com/logo.png',
    );
    expect(titles(all.document)).toEqual(['Iberia', 'Lisboa', 'Andalucía']);
    expect(all.document.querySelector('[role=status]')?.textContent).toBe('3 viajes');
    const links = [...all.document.querySelectorAll('.card h2 a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(links).toEqual([`/t/${iberia.slug}`, `/t/${lisbon.slug}`, `/t/${andalusia.slug}`]);
    expect(all.text).toContain('Fado &amp; &lt;tascas&gt;');
    // The filters: a GET form whose options are what the trips offer.
    const form = all.document.querySelector('form.filters')!;
    expect(form.getAttribute('method')).toBe('get');
    const options = (name: string) =>
      [...form.querySelectorAll(`select[name=${name}] option`)].map((o) => o.textContent);
    expect(options('country')).toEqual(['Cualquiera', 'España', 'Portugal']);
    expect(options('month')).toEqual(['Cualquiera', 'mayo de 2026', 'junio de 2026']);
    expect(options('duration')).toEqual([
      'Cualquiera',
      'Hasta 7 días',
      'De 8 a 14 días',
      '15 días o más',
    ]);

    const spain = await page(`/c/${catalog.slug}?country=esp`);
    expect(titles(spain.document)).toEqual(['Iberia', 'Andalucía']);
    expect(
      spain.document.querySelector('select[name=country] option[selected]')?.getAttribute('value'),
    ).toBe('ESP');
    expect(titles((await page(`/c/${catalog.slug}?month=2026-05`)).document)).toEqual([
      'Iberia',
      'Lisboa',
    ]);
    expect(titles((await page(`/c/${catalog.slug}?duration=medium`)).document)).toEqual([
      'Andalucía',
    ]);
    expect(
      titles((await page(`/c/${catalog.slug}?country=PRT&month=2026-05&duration=long`)).document),
    ).toEqual(['Iberia']);
    const none = await page(`/c/${catalog.slug}?country=FRA`);
    expect(none.status).toBe(200);
    expect(none.document.querySelector('main')?.textContent).toContain(
      'No trips match these filters.',
    );
    // Values no filter takes are no filter.
    expect(
      titles((await page(`/c/${catalog.slug}?month=May&duration=forever&page=-3`)).document),
    ).toEqual(['Iberia', 'Lisboa', 'Andalucía']);

    // A catalog that offers no filter applies none and shows no form.
    const plain = await aCatalog({
      title: 'Sin filtros',
      isPublic: true,
      tripIds: [lisbon.id, andalusia.id],
    });
    const unfiltered = await page(`/c/${plain.slug}?country=ESP`);
    expect(titles(unfiltered.document)).toEqual(['Lisboa', 'Andalucía']);
    expect(unfiltered.document.querySelector('form.filters')).toBeNull();
    // Its agency wrote no description: the page describes what it lists.
    expect(
      unfiltered.document.querySelector('meta[name=description]')?.getAttribute('content'),
    ).toBe('Sin filtros: 2 trips · Lisboa, Andalucía');
    expect(all.document.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      'Nuestros viajes por España y Portugal.',
    );
  });

  it('pages its cards, keeping the filters in the links', async () => {
    const trips = [];
    for (let i = 1; i <= 26; i++)
      trips.push(await aTrip({ title: `Trip ${String(i).padStart(2, '0')}`, countries: ['ITA'] }));
    const catalog = await aCatalog({
      title: 'Many',
      isPublic: true,
      filters: { countries: true },
      tripIds: trips.map((t) => t.id),
    });
    const first = await page(`/c/${catalog.slug}?country=ITA`);
    expect(titles(first.document)).toHaveLength(24);
    const next = first.document.querySelector('a[rel=next]')?.getAttribute('href');
    expect(next).toBe(`/c/${catalog.slug}?country=ITA&page=2`);
    const second = await page(next!);
    expect(titles(second.document)).toEqual(['Trip 25', 'Trip 26']);
    expect(second.document.querySelector('a[rel=prev]')?.getAttribute('href')).toBe(
      `/c/${catalog.slug}?country=ITA`,
    );
  });

  it('answers 404 with a page for a catalog that is not public, deleted or unknown', async () => {
    const closed = await aCatalog({ title: 'Privado', isPublic: false });
    const deleted = await aCatalog({ title: 'Borrado', isPublic: true });
    await api.request(`DELETE /catalogs/${deleted.id}`, { key: account.owner.key });
    for (const path of [`/c/${closed.slug}`, `/c/${deleted.slug}`, '/c/nothing-here']) {
      const res = await page(path, 'de');
      expect(res.status, path).toBe(404);
      expect(res.document.querySelector('h1')?.textContent).toBe('Katalog nicht gefunden');
    }
  });
});

describe('GET /i/{jobId}', () => {
  it('answers 404 for a job that does not exist', async () => {
    for (const path of ['/i/00000000-0000-4000-8000-000000000000', '/i/not-a-uuid']) {
      const res = await page(path, 'fr');
      expect(res.status, path).toBe(404);
      expect(res.document.querySelector('h1')?.textContent).toBe('Voyage introuvable');
    }
  });
});
