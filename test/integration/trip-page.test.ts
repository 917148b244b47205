// The public trip page over HTTP (docs/pages.md): every block type drawn as what it
// is, dates, times and prices in the trip's settings, hidden blocks and private data left out,
// 404 for private, deleted and unknown trips, escaping of everything a trip holds, the page's
// Content-Security-Policy and its 304, the public GraphQL query (no private field selectable),
// the join form producing a booking and its booking.created event, and canCreateCopy (the page's
// copy code, copyPublicTrip's copy into another agent's account).
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/graphql/trusted-documents.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let receiver: Receiver;

beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_PAGES_URL: 'https://trips.agency.example',
  });
  account = await anAccount(api.prisma);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await api?.stop();
});

const settings = {
  canDownloadPdf: true,
  canCreateCopy: false,
  hasExpiration: false,
  language: 'es',
  startOfTheWeek: 'monday',
  timeFormat: '24h',
  dateFormat: 'DD/MM/YYYY',
  timezone: 'Europe/Madrid',
  currencySymbolPosition: 'start',
  decimalSeparator: ',',
  currency: 'EUR',
  shareOnWhatsapp: { enabled: true, phoneNumber: '+34600111222' },
};

/** One block of every type the import writes, a hidden one, and a booking reference. */
const blocks = [
  {
    id: 'itinerary',
    type: 'itinerary',
    content: { title: 'Andalucía' },
    children: [
      {
        id: 'day-1',
        type: 'itineraryDay',
        parent: 'itinerary',
        content: { day: 1, date: '2026-05-01', title: 'Llegada a Sevilla' },
        children: [
          {
            id: 'f1',
            type: 'flight',
            parent: 'day-1',
            content: {
              airline: 'Iberia',
              flightNumber: 'IB6253',
              departureAirport: 'JFK',
              arrivalAirport: 'MAD',
              departureCity: 'Nueva York',
              arrivalCity: 'Madrid',
              departureTime: '18:40',
              arrivalTime: '07:55',
              date: '2026-05-01',
              arrivalDate: '2026-05-02',
              bookingReference: 'PNR9XQ',
            },
          },
          {
            id: 'h1',
            type: 'accommodation',
            parent: 'day-1',
            content: {
              name: 'Hotel Alfonso XIII',
              checkIn: '2026-05-02',
              checkOut: '2026-05-05',
              nights: 3,
              city: 'Sevilla',
              address: 'Calle San Fernando 2',
            },
          },
          {
            id: 'secret',
            type: 'text',
            parent: 'day-1',
            hidden: true,
            content: { text: 'Nota interna: margen 18 %' },
          },
        ],
      },
      {
        id: 'day-2',
        type: 'itineraryDay',
        parent: 'itinerary',
        content: { day: 2, date: '2026-05-03', title: 'Córdoba' },
        children: [
          {
            id: 't1',
            type: 'transport',
            parent: 'day-2',
            content: {
              mode: 'train',
              from: 'Sevilla Santa Justa',
              to: 'Córdoba',
              time: '09:05',
              arrivalTime: '09:50',
              number: 'AVE 2081',
              operator: 'Renfe',
              description: null,
            },
          },
          {
            id: 'c1',
            type: 'transport',
            parent: 'day-2',
            content: {
              mode: 'carRental',
              from: 'Córdoba estación',
              to: 'Málaga aeropuerto',
              time: '10:30',
              arrivalTime: '18:00',
              arrivalDate: '2026-05-06',
              operator: 'Europcar',
              description: 'Categoría C',
            },
          },
          {
            id: 'x1',
            type: 'transport',
            parent: 'day-2',
            content: { mode: 'ferry', from: 'Tarifa', to: 'Tánger', time: '16:00' },
          },
          {
            id: 'tr1',
            type: 'transport',
            parent: 'day-2',
            content: { mode: 'transfer', from: 'Hotel', to: 'Mezquita', time: '11:00' },
          },
          {
            id: 'a1',
            type: 'activity',
            parent: 'day-2',
            content: {
              title: 'Visita a la Mezquita',
              time: '12:30',
              place: 'Mezquita-Catedral',
              description: 'Con guía oficial.\n\nEntrada incluida.',
            },
          },
          {
            id: 'dd',
            type: 'dropdown',
            parent: 'day-2',
            content: { title: 'Consejos' },
            children: [{ id: 'tx', type: 'text', parent: 'dd', content: { text: 'Lleva agua.' } }],
          },
        ],
      },
    ],
  },
  {
    id: 'price',
    type: 'price',
    content: {
      amount: 1234.5,
      currency: 'EUR',
      per: 'person',
      total: 2469,
      travellers: 2,
      text: null,
    },
  },
  {
    id: 'payment-1',
    type: 'payment',
    content: { kind: 'deposit', amount: 300, currency: 'EUR', dueDate: '2026-03-15', text: null },
  },
  { id: 'included', type: 'included', content: { items: ['Vuelos', 'Hoteles con desayuno'] } },
  { id: 'excluded', type: 'excluded', content: { items: ['Propinas'] } },
];

const configuration = (overrides: Record<string, unknown> = {}) => ({
  version: '1.0.0',
  blocks,
  contact: {
    visible: true,
    type: 'agency',
    agencyName: 'Viajes Sur',
    agentName: 'Lucía Pérez',
    email: 'lucia@viajessur.example',
    phoneNumber: '+34 600 111 222',
    web: 'https://viajessur.example',
    address: 'Avenida de la Constitución 1, Sevilla',
  },
  settings,
  moreInfo: {
    enabled: true,
    fields: [
      { id: 'diet', type: 'text', label: 'Dieta', required: true },
      { id: 'notes', type: 'textarea', label: 'Comentarios', required: false },
    ],
  },
  quotation: { planningRate: 18, secondRate: 7 },
  paymentMethodId: 42,
  theme: {
    headerImage: { config: 'cover' },
    navigation: 'verticalLeft',
    color: '#E0B000',
    logo: 'https://cdn.viajessur.example/logo.png',
    pdfContactPosition: 'lastPage',
  },
  images: {
    files: [
      { url: 'https://cdn.viajessur.example/b.jpg', index: 2 },
      { url: 'https://cdn.viajessur.example/a.jpg', index: 1 },
    ],
  },
  cover: { enabled: true, files: [{ url: 'https://cdn.viajessur.example/cover.jpg' }] },
  ...overrides,
});

async function aTrip(
  body: Record<string, unknown> = {},
  config: Record<string, unknown> = configuration(),
) {
  const trip = await api.request('POST /trips', {
    key: account.owner.key,
    body: {
      title: 'Andalucía en primavera',
      dateStart: '2026-05-01',
      dateFinish: '2026-05-08',
      duration: 8,
      countries: ['ESP', 'MAR'],
      ...body,
    },
  });
  expect(trip.status, trip.text).toBe(201);
  const saved = await api.request(`PUT /trips/${trip.body.id}/config`, {
    key: account.owner.key,
    body: config,
  });
  expect(saved.status, saved.text).toBe(200);
  return trip.body as { id: number; slug: string; joinCode: string };
}

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await api.request(`GET ${path}`, { headers });
  return { ...res, document: parseHTML(res.text).document };
};
const textOf = (document: Document, selector: string) =>
  [...document.querySelectorAll(selector)].map((e) => e.textContent?.replace(/\s+/g, ' ').trim());

describe('GET /t/{slug}', () => {
  it('draws every block type as what it is, in the trip language and formats', async () => {
    const trip = await aTrip();
    const { status, headers, document, text } = await page(`/t/${trip.slug}`);
    expect(status, text).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(document.documentElement.getAttribute('lang')).toBe('es');
    expect(document.querySelector('title')?.textContent).toBe('Andalucía en primavera');
    expect(document.querySelector('h1')?.textContent).toBe('Andalucía en primavera');
    // Header: dates in DD/MM/YYYY, duration and countries in Spanish, cover and logo.
    expect(textOf(document, '.facts li')).toEqual([
      'Fechas: 01/05/2026 – 08/05/2026',
      '8 días',
      'Destinos: España, Marruecos',
    ]);
    expect(document.querySelector('.hero-image')?.getAttribute('src')).toBe(
      'https://cdn.viajessur.example/cover.jpg',
    );
    expect(document.querySelector('.logo')?.getAttribute('src')).toBe(
      'https://cdn.viajessur.example/logo.png',
    );
    // Days with their dates, and the navigation to them.
    expect(textOf(document, '.day > h3')).toEqual([
      'Día 1 01/05/2026 Llegada a Sevilla',
      'Día 2 03/05/2026 Córdoba',
    ]);
    expect(textOf(document, '.days-nav a')).toEqual(['Día 1 · 01/05/2026', 'Día 2 · 03/05/2026']);
    expect(document.body.getAttribute('class')).toBe('nav-verticalLeft');
    // Flight: airline, number, airports, times, +1.
    const flight = document.querySelector('article.flight')!;
    expect(flight.querySelector('h4')?.textContent).toBe('Vuelo Iberia IB6253');
    expect(flight.querySelector('.route')?.textContent).toContain('JFK');
    expect(textOf(flight as unknown as Document, 'dd')).toEqual([
      '01/05/2026',
      'Nueva York (JFK) · 18:40',
      'Madrid (MAD) · 07:55 +1',
    ]);
    expect(flight.querySelector('.plus-days')?.getAttribute('title')).toBe(
      'llega al día siguiente',
    );
    // Stay: nights, check-in, check-out.
    const stay = document.querySelector('article.stay')!;
    expect(stay.querySelector('h4')?.textContent).toBe('Alojamiento Hotel Alfonso XIII');
    expect(stay.querySelector('.nights')?.textContent).toBe('3 noches');
    expect(textOf(stay as unknown as Document, 'dt')).toEqual(['Entrada', 'Salida']);
    expect(textOf(stay as unknown as Document, 'dd')).toEqual(['02/05/2026', '05/05/2026']);
    // Train, car rental (pick-up and drop-off), ferry, transfer.
    expect(textOf(document, 'article.transport h4')).toEqual([
      'Tren Renfe AVE 2081',
      'Alquiler de coche Europcar',
      'Ferri',
      'Traslado',
    ]);
    const rental = document.querySelector('article.carRental')!;
    expect(textOf(rental as unknown as Document, 'dt')).toEqual(['Recogida', 'Devolución']);
    expect(textOf(rental as unknown as Document, 'dd')).toEqual([
      'Córdoba estación · 10:30',
      'Málaga aeropuerto · 18:00 06/05/2026',
    ]);
    // Activity with its time and place; text in paragraphs; a dropdown as a disclosure.
    const activity = document.querySelector('article.activity')!;
    expect(activity.querySelector('h4')?.textContent).toBe('12:30 Visita a la Mezquita');
    expect(textOf(activity as unknown as Document, 'p')).toEqual([
      'Mezquita-Catedral',
      'Con guía oficial.',
      'Entrada incluida.',
    ]);
    expect(document.querySelector('details.dropdown summary')?.textContent).toBe('Consejos');
    // Price and payment with the symbol at the start and a decimal comma.
    expect(document.querySelector('article.price .amount')?.textContent).toBe(
      '€1.234,50 por persona',
    );
    expect(textOf(document, 'article.price dd')).toEqual(['€2.469,00', '2 viajeros']);
    expect(document.querySelector('article.payment .amount')?.textContent).toBe(
      '€300,00 vence el 15/03/2026',
    );
    expect(textOf(document, 'article.included li')).toEqual(['Vuelos', 'Hoteles con desayuno']);
    expect(textOf(document, 'article.excluded h2')).toEqual(['No incluye']);
    // Hidden blocks and booking references stay private.
    expect(text).not.toContain('Nota interna');
    expect(text).not.toContain('PNR9XQ');
    // Gallery in display order, contact card, actions, join form with the moreInfo fields.
    expect(
      [...document.querySelectorAll('.gallery img')].map((i) => i.getAttribute('src')),
    ).toEqual(['https://cdn.viajessur.example/a.jpg', 'https://cdn.viajessur.example/b.jpg']);
    expect(document.querySelector('.contact h3')?.textContent).toBe('Viajes Sur');
    expect(document.querySelector('.contact a[href^="mailto:"]')?.textContent).toBe(
      'lucia@viajessur.example',
    );
    expect(document.querySelector('.contact a[href^="tel:"]')?.getAttribute('href')).toBe(
      'tel:+34600111222',
    );
    expect(document.querySelector(`a[href="/t/${trip.slug}/pdf"]`)?.textContent).toBe(
      'Descargar PDF',
    );
    const share = new URL(
      document.querySelector('a[href^="https://wa.me/"]')!.getAttribute('href')!,
    );
    expect(share.pathname).toBe('/34600111222');
    expect(share.searchParams.get('text')).toBe(
      `Mira este viaje: Andalucía en primavera https://trips.agency.example/t/${trip.slug}`,
    );
    expect(document.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      `https://trips.agency.example/t/${trip.slug}`,
    );
    expect(document.querySelector('form.join')?.getAttribute('action')).toBe(
      `/t/${trip.slug}/join#join`,
    );
    expect(textOf(document, 'form.join label')).toContain('Dieta (obligatorio)*');
    expect(document.querySelector('main')?.getAttribute('data-view-slug')).toBe(trip.slug);
    expect(document.querySelector('script')?.getAttribute('src')).toBe('/pages/view.js');
  });

  it('writes dates, times and amounts as each trip says', async () => {
    const trip = await aTrip(
      {},
      configuration({
        settings: {
          ...settings,
          language: 'fr',
          dateFormat: 'dddd D MMMM YYYY',
          timeFormat: '12h',
          currency: 'USD',
          currencySymbolPosition: 'end',
          decimalSeparator: '.',
        },
      }),
    );
    const { document } = await page(`/t/${trip.slug}`);
    expect(document.documentElement.getAttribute('lang')).toBe('fr');
    // No description of the agency's: the page describes the trip in its language.
    expect(document.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      'Andalucía en primavera · vendredi 1 mai 2026 – vendredi 8 mai 2026 · 8 jours · Espagne, Maroc',
    );
    expect(textOf(document, '.day-date')).toEqual(['vendredi 1 mai 2026', 'dimanche 3 mai 2026']);
    expect(textOf(document, 'article.flight dd')[1]).toMatch(/^Nueva York \(JFK\) · 6:40\sPM$/);
    // The price's own currency (EUR) wins over the trip's (USD); the separators are the trip's.
    expect(document.querySelector('article.price .amount')?.textContent).toBe(
      '1,234.50\u00a0€ par personne',
    );
    expect(document.querySelector('article.included h2')?.textContent).toBe('Inclus');

    const german = await aTrip(
      {},
      configuration({ settings: { ...settings, language: 'de', dateFormat: 'D. MMM YYYY' } }),
    );
    const de = (await page(`/t/${german.slug}`)).document;
    expect(textOf(de, '.day > h3')[0]).toBe('Tag 1 1. Mai 2026 Llegada a Sevilla');
    expect(textOf(de, '.stay .nights')).toEqual(['3 Nächte']);
  });

  it('escapes everything a trip holds and drops links that are not http(s)', async () => {
    const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const trip = await aTrip(
      { title: hostile, seoDescription: '" onload="alert(3)' },
      configuration({
        blocks: [
          { id: 't', type: 'text', content: { title: hostile, text: hostile } },
          { id: 'i', type: 'image', content: { url: 'javascript:alert(4)', caption: 'x' } },
          { id: 'u', type: 'mystery', content: { title: 'Unknown kind', text: hostile } },
        ],
        contact: { visible: true, agencyName: hostile },
        theme: { color: '#123456', font: 'x;}</style><script>alert(5)</script>' },
      }),
    );
    const { text, document } = await page(`/t/${trip.slug}`);
    expect(text).not.toMatch(/<script>alert|<img src=x|javascript:|onerror=alert\(2\)>/);
    expect(document.querySelector('h1')?.textContent).toBe(hostile);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      '" onload="alert(3)',
    );
    expect(document.querySelector('figure')).toBeNull();
    expect(document.querySelector('article.other h2')?.textContent).toBe('Unknown kind');
  });

  it('answers 404 with a page for private, deleted and unknown trips', async () => {
    const hidden = await aTrip({ visibility: 'private' });
    const deleted = await aTrip();
    expect(
      (await api.request(`DELETE /trips/${deleted.id}`, { key: account.owner.key })).status,
    ).toBe(200);
    for (const path of [
      `/t/${hidden.slug}`,
      `/t/${deleted.slug}`,
      '/t/no-such-trip-000000',
      `/t/${'x'.repeat(400)}`,
      '/t/%00',
    ]) {
      const { status, document, headers } = await page(path, {
        'accept-language': 'it-IT,it;q=0.9',
      });
      expect(status, path).toBe(404);
      expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(headers.get('cache-control')).toBe('no-store');
      expect(document.querySelector('h1')?.textContent).toBe('Viaggio non trovato');
      expect(document.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    }
  });

  it('carries a strict Content-Security-Policy, an ETag and a 304 for an unchanged trip', async () => {
    const trip = await aTrip();
    const first = await page(`/t/${trip.slug}`);
    const policy = first.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    const { createHash } = await import('node:crypto');
    const style = first.document.querySelector('style')!.textContent!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await api.request(`GET /t/${trip.slug}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // A change to the configuration is a new page.
    await api.request(`PATCH /trips/${trip.id}/config`, {
      key: account.owner.key,
      body: { settings: { dateFormat: 'YYYY-MM-DD' } },
    });
    const changed = await api.request(`GET /t/${trip.slug}`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('2026-05-01');
    const gzipped = await api.fetch(`${api.url}/t/${trip.slug}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('<h1>Andalucía en primavera</h1>');
  });

  it('serves the view counter script, which the page loads from its own origin', async () => {
    const res = await api.request('GET /pages/view.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // It names the trusted document, which callers without a key may always send.
    const [hash, document] = Object.entries(readManifest()).find(([, text]) =>
      text.startsWith('mutation RecordTripView'),
    )!;
    expect(document).toContain('recordTripView(');
    expect(res.text).toContain(`documentId: 'sha256:${hash}'`);
    expect(res.text).not.toMatch(/https?:\/\//);
  });
});

describe('publicTrip (GraphQL, no key)', () => {
  it('answers the public fields and the visible configuration', async () => {
    const trip = await aTrip(
      {},
      configuration({ contact: { visible: false, agencyName: 'Hidden' } }),
    );
    const res = await api.graphql(
      `query($slug: String!) { publicTrip(slug: $slug) { slug title countries configuration {
        blocks contact { agencyName } settings { language currency shareOnWhatsapp { enabled phoneNumber } }
        theme { navigation color } images { url } moreInfo { id label required } } } }`,
      { slug: trip.slug },
    );
    expect(res.body.errors).toBeUndefined();
    const found = res.body.data.publicTrip;
    expect(found).toMatchObject({
      slug: trip.slug,
      countries: ['ESP', 'MAR'],
      configuration: {
        contact: null,
        settings: {
          language: 'es',
          currency: 'EUR',
          shareOnWhatsapp: { enabled: true, phoneNumber: '+34600111222' },
        },
        theme: { navigation: 'verticalLeft', color: '#E0B000' },
        moreInfo: [
          { id: 'diet', label: 'Dieta', required: true },
          { id: 'notes', label: 'Comentarios', required: false },
        ],
      },
    });
    const json = JSON.stringify(found.configuration.blocks);
    expect(json).not.toContain('secret');
    expect(json).not.toContain('PNR9XQ');
    expect(json).not.toContain('hidden');
  });

  it('cannot select a private field of the trip or its configuration', async () => {
    const trip = await aTrip();
    const privateTripFields = [
      'joinCode',
      'code',
      'agentId',
      'accountId',
      'visualizations',
      'template',
      'visibility',
      'deletedAt',
      'agentPictureUrl',
    ];
    const privateConfigFields = ['document', 'quotation', 'paymentMethodId', 'tripId', 'etag'];
    for (const field of privateTripFields) {
      const res = await api.graphql(
        `query($slug: String!) { publicTrip(slug: $slug) { ${field} } }`,
        { slug: trip.slug },
      );
      expect(res.body.data, field).toBeUndefined();
      expect(res.body.errors?.[0]?.message, field).toMatch(
        `Cannot query field "${field}" on type "PublicTrip"`,
      );
    }
    for (const field of privateConfigFields) {
      const res = await api.graphql(
        `query($slug: String!) { publicTrip(slug: $slug) { configuration { ${field} } } }`,
        { slug: trip.slug },
      );
      expect(res.body.errors?.[0]?.message, field).toMatch(
        `Cannot query field "${field}" on type "PublicTripConfiguration"`,
      );
    }
    // The type's fields, all of them, are the public ones.
    const introspection = await api.graphql(
      '{ trip: __type(name: "PublicTrip") { fields { name } } config: __type(name: "PublicTripConfiguration") { fields { name } } }',
    );
    const names = (type: { fields: Array<{ name: string }> }) =>
      type.fields.map((f) => f.name).sort();
    expect(names(introspection.body.data.trip)).toEqual(
      [
        'id',
        'title',
        'slug',
        'seoDescription',
        'duration',
        'dateStart',
        'dateFinish',
        'dateExpiration',
        'logo',
        'countries',
        'imageUrl',
        'createdAt',
        'updatedAt',
        'configuration',
      ].sort(),
    );
    expect(names(introspection.body.data.config)).toEqual(
      [
        'revision',
        'updatedAt',
        'blocks',
        'settings',
        'theme',
        'contact',
        'cover',
        'slider',
        'images',
        'moreInfo',
      ].sort(),
    );
  });

  it('is not_found for private, deleted and unknown trips', async () => {
    const hidden = await aTrip({ visibility: 'private' });
    for (const slug of [hidden.slug, 'nope']) {
      const res = await api.graphql('query($slug: String!) { publicTrip(slug: $slug) { id } }', {
        slug,
      });
      expect(res.body.errors?.[0]?.extensions?.code).toBe('not_found');
    }
  });
});

describe('canCreateCopy: copies of a public trip for travel agents', () => {
  const COPY = `mutation($slug: String!) {
    copyPublicTrip(slug: $slug) { id title slug visibility accountId configuration { document } }
  }`;

  it('shows a copy code on the page only when the settings allow copies', async () => {
    const allowed = await aTrip(
      {},
      configuration({ settings: { ...settings, canCreateCopy: true } }),
    );
    const { document } = await page(`/t/${allowed.slug}`);
    expect(textOf(document, '#copy-h')).toEqual(['Crear una copia']);
    expect(textOf(document, '.copy-code')).toEqual([allowed.slug]);
    const refused = await aTrip();
    expect((await page(`/t/${refused.slug}`)).document.querySelector('.copy-section')).toBeNull();
  });

  it("copies the trip into the caller's account, private and without the other agency's contact", async () => {
    const allowed = await aTrip(
      {},
      configuration({ settings: { ...settings, canCreateCopy: true } }),
    );
    const partner = await anAccount(api.prisma);
    const res = await api.graphql(COPY, { slug: allowed.slug }, { key: partner.owner.key });
    expect(res.body.errors, res.text).toBeUndefined();
    const copy = res.body.data.copyPublicTrip;
    expect(copy).toMatchObject({
      title: 'Andalucía en primavera (copy)',
      visibility: 'private',
      accountId: partner.accountId,
    });
    expect(copy.slug).not.toBe(allowed.slug);
    const { document } = copy.configuration;
    expect(document.settings.canCreateCopy).toBe(true);
    expect(document.contact.agencyName).toBeUndefined();
    const source = await api.request(`GET /trips/${allowed.id}/config`, { key: account.owner.key });
    expect(document.blocks).toEqual(source.body.blocks);
    // The source's own account copies it whole, contact included.
    const own = await api.graphql(COPY, { slug: allowed.slug }, { key: account.owner.key });
    expect(own.body.data.copyPublicTrip.configuration.document.contact).toMatchObject({
      agencyName: 'Viajes Sur',
    });
  });

  it('is forbidden when the settings allow no copy, not_found when no page shows the trip, and needs a key', async () => {
    const partner = await anAccount(api.prisma);
    const refused = await aTrip();
    const forbidden = await api.graphql(COPY, { slug: refused.slug }, { key: partner.owner.key });
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe('forbidden');
    const hidden = await aTrip(
      { visibility: 'private' },
      configuration({ settings: { ...settings, canCreateCopy: true } }),
    );
    const missing = await api.graphql(COPY, { slug: hidden.slug }, { key: partner.owner.key });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('not_found');
    const anonymous = await api.graphql(COPY, { slug: refused.slug });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('missing_api_key');
  });
});

describe('POST /t/{slug}/join', () => {
  const form = (values: Record<string, string>) => ({
    rawBody: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  it('joins with the code and the moreInfo fields: a booking, and booking.created for the agency', async () => {
    const agency = await anAccount(api.prisma);
    const endpoint = await api.request('POST /webhooks/endpoints', {
      key: agency.owner.key,
      body: { name: 'Bookings', url: receiver.url, eventTypes: ['booking.created'] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const trip = await api.request('POST /trips', {
      key: agency.owner.key,
      body: { title: 'Lisboa' },
    });
    await api.request(`PUT /trips/${trip.body.id}/config`, {
      key: agency.owner.key,
      body: configuration(),
    });
    const res = await api.request(
      `POST /t/${trip.body.slug}/join`,
      form({
        joinCode: trip.body.joinCode.toLowerCase(),
        buyerName: 'Ana',
        buyerSurname: 'Gómez',
        buyerEmail: 'ana@example.com',
        seats: '2',
        'more.diet': 'Vegetariana',
        'more.notes': 'Sin gluten, por favor',
      }),
    );
    expect(res.status, res.text).toBe(200);
    const document = parseHTML(res.text).document;
    const notice = document.querySelector('[role=status]')?.textContent ?? '';
    const code = /BK-[A-Z0-9]{8}/.exec(notice)?.[0];
    expect(notice).toBe(
      `¡Gracias! Tu reserva ${code} está registrada y la agencia se pondrá en contacto contigo.`,
    );
    const booking = await api.prisma.booking.findUniqueOrThrow({ where: { code: code! } });
    expect(booking).toMatchObject({
      tripId: trip.body.id,
      seats: 2,
      buyerName: 'Ana',
      buyerSurname: 'Gómez',
    });
    const [event] = await receiver.waitFor(1, (r) => r.body?.data?.booking?.code === code);
    expect(event!.body).toMatchObject({ type: 'booking.created', accountId: agency.accountId });
    // The moreInfo answers reach the agency as the booking's note, by the trip's agent.
    expect(event!.body.data.booking.notes).toEqual([
      {
        id: expect.any(String),
        content: 'Dieta: Vegetariana\nComentarios: Sin gluten, por favor',
        agentId: agency.owner.agentId,
        private: false,
      },
    ]);
  });

  it('comes back with the values and a message per field when refused', async () => {
    const trip = await aTrip();
    const other = await aTrip();
    const missing = await api.request(
      `POST /t/${trip.slug}/join`,
      form({ joinCode: trip.joinCode, buyerName: 'Ana' }),
    );
    expect(missing.status).toBe(422);
    let document = parseHTML(missing.text).document;
    expect(document.querySelector('[role=alert]')?.textContent).toBe(
      'Revisa los campos indicados.',
    );
    expect(document.querySelector('#f-buyerName')?.getAttribute('value')).toBe('Ana');
    expect(document.querySelector('#f-buyerSurname')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('#f-more_diet-e')?.textContent).toBe(
      'Este campo es obligatorio.',
    );
    // Another trip's code does not join this one.
    const foreign = await api.request(
      `POST /t/${trip.slug}/join`,
      form({
        joinCode: other.joinCode,
        buyerName: 'Ana',
        buyerSurname: 'G',
        buyerEmail: 'ana@example.com',
        'more.diet': 'x',
      }),
    );
    expect(foreign.status).toBe(422);
    document = parseHTML(foreign.text).document;
    expect(document.querySelector('#f-joinCode-e')?.textContent).toBe(
      'Ningún viaje tiene este código.',
    );
    const badEmail = await api.request(
      `POST /t/${trip.slug}/join`,
      form({
        joinCode: trip.joinCode,
        buyerName: 'Ana',
        buyerSurname: 'G',
        buyerEmail: 'not-an-email',
        'more.diet': 'x',
      }),
    );
    expect(badEmail.status).toBe(422);
    expect(parseHTML(badEmail.text).document.querySelector('#f-buyerEmail-e')?.textContent).toBe(
      'Escribe una dirección de correo.',
    );
    expect(await api.prisma.booking.count({ where: { tripId: trip.id } })).toBe(0);
    const json = await api.request(`POST /t/${trip.slug}/join`, {
      body: { joinCode: trip.joinCode },
    });
    expect(json.status).toBe(415);
    const privateTrip = await aTrip({ visibility: 'private' });
    const refused = await api.request(
      `POST /t/${privateTrip.slug}/join`,
      form({ joinCode: privateTrip.joinCode }),
    );
    expect(refused.status).toBe(404);
  });
});
