// Trips over REST (docs/decisions.md#trips, docs/decisions.md#lists), against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aMachineClient,
  aMember,
  anAccount,
  anOrganisation,
  type AccountFixture,
} from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let other: AccountFixture;

beforeAll(async () => {
  api = await startTestApp();
  account = await anAccount(api.prisma);
  other = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

const create = (body: Record<string, unknown>, key = account.owner.key) =>
  api.request('POST /trips', { key, body });
const list = (params: Record<string, unknown>, key = account.owner.key) => {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  return api.request(`GET /trips?${query}`, { key });
};

describe('POST /trips', () => {
  it('creates a trip with the generated fields and the caller as agent and account', async () => {
    const res = await create({
      title: '  Paris Summer Vacation ',
      duration: 5,
      dateStart: '2026-07-01T00:00:00Z',
      dateFinish: '2026-07-06T00:00:00Z',
      countries: ['fra', 'FRA', 'esp'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Paris Summer Vacation',
      slug: expect.stringMatching(/^paris-summer-vacation-[a-z0-9]{6}$/),
      joinCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
      code: expect.stringMatching(/^TRIP-\d+$/),
      seoDescription: null,
      duration: 5,
      dateStart: '2026-07-01T00:00:00.000Z',
      dateFinish: '2026-07-06T00:00:00.000Z',
      dateExpiration: null,
      logo: null,
      countries: ['FRA', 'ESP'],
      imageUrl: null,
      agentId: account.owner.agentId,
      accountId: account.accountId,
      template: false,
      visibility: 'public',
      visualizations: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const config = await api.prisma.tripConfiguration.findUniqueOrThrow({
      where: { tripId: res.body.id },
    });
    expect(config.document).toMatchObject({
      version: '1.0.0',
      blocks: [],
      settings: { currency: 'EUR', timezone: 'UTC' },
    });
  });

  it('numbers codes per account', async () => {
    const a = await create({ title: 'One' });
    const b = await create({ title: 'Two' });
    expect(Number(b.body.code.slice(5))).toBe(Number(a.body.code.slice(5)) + 1);
  });

  it('400 naming each wrong field, and unknown or read-only fields', async () => {
    const res = await create({
      duration: -2,
      countries: ['XX'],
      logo: 'not a url',
      visibility: 'secret',
      id: 5,
      accountId: 2,
      visualizations: 9,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'accountId',
      'countries[0]',
      'duration',
      'id',
      'logo',
      'title',
      'visibility',
      'visualizations',
    ]);
    expect(res.body.errors.title).toEqual(['Title is required.']);
    const dates = await create({
      title: 'x',
      dateStart: '2026-07-06T00:00:00Z',
      dateFinish: '2026-07-01T00:00:00Z',
    });
    expect(dates.body).toEqual({ errors: { dateFinish: [expect.any(String)] } });
    expect((await create({ title: 'x'.repeat(201) })).status).toBe(400);
  });

  it('a viewer cannot write', async () => {
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    const res = await create({ title: 'Nope' }, viewer.key);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
  });
});

describe('GET, PATCH and DELETE /trips/{tripId}', () => {
  it('reads, updates and moves to the trash; a trashed trip reads as 404', async () => {
    const { body: trip } = await create({ title: 'Rome' });
    expect((await api.request(`GET /trips/${trip.id}`, { key: account.owner.key })).body).toEqual(
      trip,
    );

    const patched = await api.request(`PATCH /trips/${trip.id}`, {
      key: account.owner.key,
      body: { title: 'Rome in spring', visibility: 'private', duration: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: trip.id,
      title: 'Rome in spring',
      visibility: 'private',
      slug: trip.slug,
      code: trip.code,
    });
    expect(
      (
        await api.request(`PATCH /trips/${trip.id}`, {
          key: account.owner.key,
          body: { visualizations: 100 },
        })
      ).status,
    ).toBe(400);

    const deleted = await api.request(`DELETE /trips/${trip.id}`, { key: account.owner.key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: expect.any(String) });
    for (const route of [
      `GET /trips/${trip.id}`,
      `PATCH /trips/${trip.id}`,
      `DELETE /trips/${trip.id}`,
    ]) {
      const res = await api.request(route, {
        key: account.owner.key,
        body: route.startsWith('PATCH') ? { title: 'x' } : undefined,
      });
      expect(res.status, route).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    expect(
      (await api.prisma.trip.findUniqueOrThrow({ where: { id: trip.id } })).deletedAt,
    ).not.toBeNull();
  });

  it('another account gets 404 and changes nothing', async () => {
    const { body: trip } = await create({ title: 'Private to us' });
    for (const route of [
      `GET /trips/${trip.id}`,
      `PATCH /trips/${trip.id}`,
      `DELETE /trips/${trip.id}`,
    ]) {
      expect(
        (
          await api.request(route, {
            key: other.owner.key,
            body: route.startsWith('PATCH') ? { title: 'hijack' } : undefined,
          })
        ).status,
      ).toBe(404);
    }
    expect(
      (await api.request(`GET /trips/${trip.id}`, { key: account.owner.key })).body.title,
    ).toBe('Private to us');
  });

  it('400 for an id that is not a positive integer', async () => {
    const res = await api.request('GET /trips/abc', { key: account.owner.key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { tripId: [expect.any(String)] } });
  });
});

describe('bulk deletion', () => {
  it("POST /trips/bulk-delete and DELETE /trips count only what was deleted, skipping others' trips", async () => {
    const mine = await Promise.all(['a', 'b', 'c'].map((title) => create({ title })));
    const theirs = await create({ title: 'theirs' }, other.owner.key);
    const ids = mine.map((r) => r.body.id as number);

    const first = await api.request('POST /trips/bulk-delete', {
      key: account.owner.key,
      body: { tripIds: [ids[0], ids[1], theirs.body.id, 99_999_999] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: expect.any(String), deletedCount: 2 });
    const again = await api.request('DELETE /trips', {
      key: account.owner.key,
      body: { tripId: [ids[0], ids[2]] },
    });
    expect(again.body.deletedCount).toBe(1);
    expect(
      (await api.request(`GET /trips/${theirs.body.id}`, { key: other.owner.key })).status,
    ).toBe(200);
  });

  it('400 for a malformed body or more than 100 ids', async () => {
    for (const body of [
      {},
      { tripIds: [] },
      { tripIds: ['a'] },
      { tripIds: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const res = await api.request('POST /trips/bulk-delete', { key: account.owner.key, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.errors).toBeDefined();
    }
  });
});

describe('GET /trips', () => {
  let listing: AccountFixture;
  beforeAll(async () => {
    listing = await anAccount(api.prisma);
    const trips = [
      {
        title: 'Andes Trek',
        duration: 12,
        countries: ['PER', 'BOL'],
        template: true,
        seoDescription: 'mountains',
      },
      { title: 'Beach Week', duration: 7, countries: ['ESP'], visibility: 'private' },
      { title: 'City Break', duration: 3, countries: ['FRA'], dateStart: '2026-05-01T00:00:00Z' },
      { title: 'Desert Nights', countries: ['MAR'] },
    ];
    for (const trip of trips) expect((await create(trip, listing.owner.key)).status).toBe(201);
  });

  const titles = (res: { body: { data: Array<{ title: string }> } }) =>
    res.body.data.map((t) => t.title);

  it('pages in the envelope, newest first by default, with agentPictureUrl', async () => {
    const first = await list({ pageSize: '3' }, listing.owner.key);
    expect(first.body).toMatchObject({ page: 1, pageSize: 3, totalCount: 4, totalPages: 2 });
    expect(titles(first)).toEqual(['Desert Nights', 'City Break', 'Beach Week']);
    expect(first.body.data[0]).toHaveProperty('agentPictureUrl', null);
    expect(titles(await list({ page: '2', pageSize: '3' }, listing.owner.key))).toEqual([
      'Andes Trek',
    ]);
    expect((await list({}, listing.owner.key)).body.pageSize).toBe(20);
  });

  it('filters with every kind of operator', async () => {
    const cases: Array<[unknown[], string[]]> = [
      [[{ field: 'title', operator: 'contains', value: 'EACH' }], ['Beach Week']],
      [[{ field: 'title', operator: 'eq', value: 'city break' }], ['City Break']],
      [
        [{ field: 'title', operator: 'in', value: ['andes trek', 'Beach Week'] }],
        ['Beach Week', 'Andes Trek'],
      ],
      [[{ field: 'duration', operator: 'gte', value: 7 }], ['Beach Week', 'Andes Trek']],
      [[{ field: 'duration', operator: 'lt', value: 7 }], ['City Break']],
      [[{ field: 'countries', operator: 'contains', value: 'per' }], ['Andes Trek']],
      [
        [{ field: 'countries', operator: 'in', value: ['FRA', 'MAR'] }],
        ['Desert Nights', 'City Break'],
      ],
      [[{ field: 'template', operator: 'eq', value: true }], ['Andes Trek']],
      [[{ field: 'visibility', operator: 'neq', value: 'public' }], ['Beach Week']],
      [[{ field: 'dateStart', operator: 'gt', value: '2026-01-01T00:00:00Z' }], ['City Break']],
      [
        [
          { field: 'duration', operator: 'gt', value: 2 },
          { field: 'countries', operator: 'contains', value: 'FRA' },
        ],
        ['City Break'],
      ],
    ];
    for (const [filters, expected] of cases) {
      const res = await list({ filters }, listing.owner.key);
      expect(res.status, JSON.stringify(filters)).toBe(200);
      expect(titles(res), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('searches the named fields, case-insensitively', async () => {
    expect(
      titles(await list({ search: { fields: ['title'], term: 'NIGHT' } }, listing.owner.key)),
    ).toEqual(['Desert Nights']);
    expect(
      titles(
        await list({ search: { fields: ['seoDescription'], term: 'mountain' } }, listing.owner.key),
      ),
    ).toEqual(['Andes Trek']);
    expect(
      titles(await list({ search: { fields: ['code'], term: 'trip-' } }, listing.owner.key)),
    ).toHaveLength(4);
  });

  it('sorts by a field in either direction, nulls last', async () => {
    expect(
      titles(await list({ orderBy: { field: 'title', direction: 'asc' } }, listing.owner.key)),
    ).toEqual(['Andes Trek', 'Beach Week', 'City Break', 'Desert Nights']);
    expect(
      titles(await list({ orderBy: { field: 'duration', direction: 'desc' } }, listing.owner.key)),
    ).toEqual(['Andes Trek', 'Beach Week', 'City Break', 'Desert Nights']);
    expect(
      titles(await list({ orderBy: { field: 'duration', direction: 'asc' } }, listing.owner.key)),
    ).toEqual(['City Break', 'Beach Week', 'Andes Trek', 'Desert Nights']);
  });

  it('400 naming the parameter for anything malformed', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ page: '0' }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ pageSize: '101' }, 'pageSize'],
      [{ pageSize: '0' }, 'pageSize'],
      [{ filters: '{not json' }, 'filters'],
      [{ filters: { field: 'title' } }, 'filters'],
      [{ filters: [{ field: 'secret', operator: 'eq', value: 1 }] }, 'filters'],
      [{ filters: [{ field: 'title', operator: 'gt', value: 'a' }] }, 'filters'],
      [{ filters: [{ field: 'duration', operator: 'eq', value: 'long' }] }, 'filters'],
      [{ search: { fields: ['joinCode'], term: 'x' } }, 'search'],
      [{ orderBy: { field: 'slug' } }, 'orderBy'],
      [{ orderBy: { field: 'title', direction: 'up' } }, 'orderBy'],
      [{ filters: [{ field: 'title' }] }, 'filters'],
      [{ filters: [{ field: 3, operator: 'eq' }] }, 'filters'],
      [{ search: { fields: ['title'] } }, 'search'],
      [{ search: { term: 5 } }, 'search'],
      [{ orderBy: { direction: 'asc' } }, 'orderBy'],
    ];
    for (const [params, name] of cases) {
      const res = await list(params, listing.owner.key);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(params)).toEqual([name]);
    }
  });

  it("lists only the caller's account, never the trash", async () => {
    const ids = (await list({ pageSize: '100' }, other.owner.key)).body.data.map(
      (t: { accountId: number }) => t.accountId,
    );
    expect(new Set(ids)).toEqual(new Set([other.accountId]));
  });
});

describe('GET /trips/{tripId} for machine clients (x-on-behalf-of)', () => {
  it('reads a trip of a child account of its organisation grant, and not one outside it', async () => {
    const organisationId = await anOrganisation(api.prisma);
    const child = await anAccount(api.prisma, { organisationId });
    const client = await aMachineClient(api.prisma, { organisationId }, ['read:trips']);
    const { body: inside } = await create({ title: 'Inside' }, child.owner.key);
    const { body: outside } = await create({ title: 'Outside' }, other.owner.key);
    const token = (
      await api.request('POST /oauth/token', {
        body: {
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        },
      })
    ).body.access_token;

    const ok = await api.request(`GET /trips/${inside.id}`, {
      key: token,
      headers: { 'x-on-behalf-of': child.owner.email },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.title).toBe('Inside');
    expect(
      (
        await api.request(`GET /trips/${outside.id}`, {
          key: token,
          headers: { 'x-on-behalf-of': child.owner.email },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.request(`GET /trips/${outside.id}`, {
          key: token,
          headers: { 'x-on-behalf-of': `${other.owner.email},${other.accountId}` },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.request('POST /trips', {
          key: token,
          headers: { 'x-on-behalf-of': child.owner.email },
          body: { title: 'no scope' },
        })
      ).status,
    ).toBe(403);
  });
});
