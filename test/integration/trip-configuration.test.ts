// /trips/{tripId}/config: defaults, whole-document validation with field paths, PUT, JSON Merge
// Patch, ETag / If-Match (docs/decisions.md#trip-configuration).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let tripId: number;

beforeAll(async () => {
  api = await startTestApp();
  account = await anAccount(api.prisma);
  tripId = (
    await api.request('POST /trips', { key: account.owner.key, body: { title: 'Configured' } })
  ).body.id;
});
afterAll(async () => {
  await api?.stop();
});

const get = () => api.request(`GET /trips/${tripId}/config`, { key: account.owner.key });
const put = (body: unknown, headers: Record<string, string> = {}) =>
  api.request(`PUT /trips/${tripId}/config`, { key: account.owner.key, body, headers });

describe('trip configuration', () => {
  it('starts with the documented defaults and an ETag', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"\d+-1"$/);
    expect(res.body).toEqual({
      version: '1.0.0',
      blocks: [],
      contact: {},
      settings: {
        canDownloadPdf: true,
        canCreateCopy: false,
        hasExpiration: false,
        language: 'en',
        startOfTheWeek: 'monday',
        timeFormat: '24h',
        dateFormat: 'DD/MM/YYYY',
        timezone: 'UTC',
        currencySymbolPosition: 'end',
        decimalSeparator: ',',
        currency: 'EUR',
      },
      moreInfo: { enabled: false, fields: [] },
      theme: { headerImage: { config: 'cover' } },
      images: { files: [] },
      updatedAt: expect.any(String),
    });
  });

  it('PUT replaces the whole document; what GET returns can be written back as it is', async () => {
    const { body: current } = await get();
    const document = {
      ...current,
      blocks: [
        {
          id: 'it',
          type: 'itinerary',
          children: [
            {
              id: 'd1',
              type: 'itineraryDay',
              parent: 'it',
              children: [
                { id: 'h1', type: 'accommodation', parent: 'd1', content: { name: 'Hotel' } },
              ],
            },
          ],
        },
        { id: 'p', type: 'price', hidden: true },
      ],
      theme: { headerImage: { config: 'contain' }, color: '#1A2B3C', navigation: 'horizontal' },
      settings: {
        ...current.settings,
        currency: 'USD',
        timezone: 'Europe/Madrid',
        shareOnWhatsapp: { enabled: true, phoneNumber: '+34600111222' },
      },
      moreInfo: { enabled: true, fields: [{ type: 'email', label: 'Email', required: true }] },
    };
    const res = await put(document);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    const { body: saved } = await get();
    expect(saved.blocks).toEqual(document.blocks);
    expect(saved.settings.currency).toBe('USD');
    expect(saved.moreInfo.fields[0]).toEqual({
      id: expect.any(String),
      type: 'email',
      label: 'Email',
      required: true,
    });
    expect((await put(saved)).status).toBe(200);
  });

  it('400 naming the exact field, with paths a form can map', async () => {
    const { body: current } = await get();
    const wrongEnum = await put({
      ...current,
      settings: { ...current.settings, timeFormat: '25h' },
    });
    expect(wrongEnum.status).toBe(400);
    expect(Object.keys(wrongEnum.body.errors)).toEqual(['settings.timeFormat']);

    const many = await put({
      ...current,
      version: 'one',
      settings: { ...current.settings, currency: 'EURO', timezone: 'Mars/Base' },
      theme: { color: 'blue' },
      images: { files: [{ url: 'ftp://x' }] },
      blocks: [
        { id: 'a', type: 'text' },
        { id: 'a', type: 'text' },
        { type: 'text' },
        { id: 'c', type: 'text', parent: 'zzz' },
        { id: 'd', type: 'text', parent: 'a' },
      ],
    });
    expect(many.status).toBe(400);
    expect(Object.keys(many.body.errors).sort()).toEqual(
      [
        'blocks[2].id',
        'images.files[0].url',
        'settings.currency',
        'settings.timezone',
        'theme.color',
        'version',
      ].sort(),
    );

    const tree = await put({
      ...current,
      blocks: [
        { id: 'a', type: 'text' },
        { id: 'a', type: 'text' },
        { id: 'c', type: 'text', parent: 'zzz' },
        { id: 'd', type: 'text', parent: 'a' },
        { id: 'g1', type: 'group', parent: 'g2' },
        { id: 'g2', type: 'group', parent: 'g1' },
      ],
    });
    expect(Object.keys(tree.body.errors).sort()).toEqual([
      'blocks[1].id',
      'blocks[2].parent',
      'blocks[3].parent',
      'blocks[4].parent',
      'blocks[5].parent',
    ]);

    const missing = await put({ version: '1.0.0' });
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'blocks',
      'contact',
      'images',
      'moreInfo',
      'settings',
      'theme',
    ]);
  });

  it('PATCH applies a JSON Merge Patch and validates the result', async () => {
    const res = await api.request(`PATCH /trips/${tripId}/config`, {
      key: account.owner.key,
      body: { settings: { currency: 'GBP', shareOnWhatsapp: null }, theme: { font: 'Inter' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.currency).toBe('GBP');
    expect(res.body.settings).not.toHaveProperty('shareOnWhatsapp');
    expect(res.body.theme.font).toBe('Inter');
    expect(res.body.settings.timezone).toBe('Europe/Madrid');
    const bad = await api.request(`PATCH /trips/${tripId}/config`, {
      key: account.owner.key,
      body: { settings: { canDownloadPdf: null } },
    });
    expect(bad.body).toEqual({ errors: { 'settings.canDownloadPdf': [expect.any(String)] } });
  });

  it('If-Match: a stale ETag gets 412 and changes nothing; the current one passes', async () => {
    const first = await get();
    const etag = first.headers.get('etag')!;
    const changed = { ...first.body, settings: { ...first.body.settings, description: 'New' } };
    expect((await put(changed, { 'if-match': etag })).status).toBe(200);
    const stale = await put({ ...first.body, version: '2.0.0' }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error: { code: 'precondition_failed', message: expect.any(String) },
    });
    expect((await get()).body.version).toBe('1.0.0');
  });

  it('without If-Match, concurrent merge patches all apply (the last writer wins, never a 412)', async () => {
    const revision = (etag: string | null) => Number(etag!.replace(/"/g, '').split('-')[1]);
    const before = revision((await get()).headers.get('etag'));
    const texts = Array.from({ length: 8 }, (_, i) => `Description ${i}`);
    const answers = await Promise.all(
      texts.map((description) =>
        api.request(`PATCH /trips/${tripId}/config`, {
          key: account.owner.key,
          headers: { 'content-type': 'application/merge-patch+json' },
          body: { settings: { description } },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const after = await get();
    expect(revision(after.headers.get('etag'))).toBe(before + 8); // every save applied, one after the other
    expect(texts).toContain(after.body.settings.description);
  });

  it('404 for a trip of another account or in the trash; 403 for a viewer writing; 413 past 5 MB', async () => {
    const other = await anAccount(api.prisma);
    expect(
      (await api.request(`GET /trips/${tripId}/config`, { key: other.owner.key })).status,
    ).toBe(404);
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    const { body } = await get();
    expect((await api.request(`GET /trips/${tripId}/config`, { key: viewer.key })).status).toBe(
      200,
    );
    expect(
      (await api.request(`PUT /trips/${tripId}/config`, { key: viewer.key, body })).status,
    ).toBe(403);
    const big = {
      ...body,
      blocks: [{ id: 'x', type: 'text', content: { text: 'x'.repeat(5 * 1024 * 1024) } }],
    };
    expect((await put(big)).status).toBe(413);
    const sizable = {
      ...body,
      blocks: [{ id: 'x', type: 'text', content: { text: 'x'.repeat(2 * 1024 * 1024) } }],
    };
    expect((await put(sizable)).status).toBe(200);
    const trashed = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'gone' } })
    ).body.id;
    await api.request(`DELETE /trips/${trashed}`, { key: account.owner.key });
    expect(
      (await api.request(`GET /trips/${trashed}/config`, { key: account.owner.key })).status,
    ).toBe(404);
  });
});
