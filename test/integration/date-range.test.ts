// Dates the service can keep (docs/errors-and-limits.md#dates): instants from 0001-01-01T00:00:00Z to
// 9999-12-31T23:59:59.999Z, the years ISO 8601 writes without expansion and both JS Dates and
// PostgreSQL's timestamptz hold exactly. Outside, and impossible calendar days, are a 400 naming
// the field on REST and `validation_failed` on GraphQL; before, year 0000 was stored as 1 BC and
// every later write of the trip (PATCH, DELETE, bulk delete, duplicate) and its public catalog
// answered 500. A row already holding such a date (written before the fix) must read and change
// without a 500 too. Found by a black-box probe.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const CREATE = 'mutation($input: CreateTripInput!) { createTrip(input: $input) { id dateStart } }';
const TRIPS = 'query($f: [ListFilterInput!]) { trips(filters: $f) { totalCount } }';

const MIGRATION = path.join(MIGRATIONS_DIR, '20261125020000_trip_dates_in_range/migration.sql');
const CONSTRAINTS = ['date_start', 'date_finish', 'date_expiration'].map(
  (column) => `trips_${column}_in_range`,
);

let api: TestService;
let account: AccountFixture;
let key: string;
beforeAll(async () => {
  api = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  account = await anAccount(api.prisma);
  key = account.owner.key;
});
afterAll(async () => {
  await api?.stop();
});

const tripCount = () => api.prisma.trip.count({ where: { accountId: account.accountId } });
const create = (body: Record<string, unknown>) => api.request('POST /trips', { key, body });

describe('dates outside 0001 to 9999, and impossible days, are refused', () => {
  const OUTSIDE = [
    '0000-06-01T00:00:00Z',
    '0000-01-01',
    // Year 0001 as written, but 0000-12-31T23:00Z as an instant.
    '0001-01-01T00:00:00+01:00',
    // Year 9999 as written, but 10000-01-01T04:59Z as an instant.
    '9999-12-31T23:59:00-05:00',
  ];

  it('REST create and PATCH: 400 naming the field, nothing written', async () => {
    const before = await tripCount();
    const { body: trip } = await create({ title: 'Kyoto' });
    for (const value of OUTSIDE) {
      for (const field of ['dateStart', 'dateFinish', 'dateExpiration']) {
        const created = await create({ title: 'year zero', [field]: value });
        expect(created.status, `${field} ${value}`).toBe(400);
        expect(created.body).toEqual({
          errors: { [field]: [expect.stringContaining('from 0001-01-01 to 9999-12-31')] },
        });
        const patched = await api.request(`PATCH /trips/${trip.id}`, {
          key,
          body: { [field]: value },
        });
        expect(patched.status, `${field} ${value}`).toBe(400);
        expect(Object.keys(patched.body.errors)).toEqual([field]);
      }
    }
    const impossible = await create({ title: 'Feb 30', dateStart: '2026-02-30' });
    expect(impossible.body).toEqual({ errors: { dateStart: [expect.any(String)] } });
    expect(await tripCount()).toBe(before + 1);
    const read = await api.request(`GET /trips/${trip.id}`, { key });
    expect(read.body.dateStart).toBeNull();
  });

  it('GraphQL createTrip and updateTrip: validation_failed naming the field', async () => {
    const before = await tripCount();
    for (const value of OUTSIDE) {
      const created = await api.graphql(
        CREATE,
        { input: { title: 'year zero', dateStart: value } },
        { key },
      );
      expect(created.body.data).toBeNull();
      expect(created.body.errors[0].extensions).toEqual({
        code: 'validation_failed',
        errors: { dateStart: [expect.stringContaining('from 0001-01-01 to 9999-12-31')] },
      });
    }
    const literal = await api.graphql(
      'mutation { createTrip(input: {title: "t", dateFinish: "0000-01-01"}) { id } }',
      {},
      { key },
    );
    expect(literal.body.errors[0].extensions.errors).toEqual({ dateFinish: [expect.any(String)] });
    const updated = await api.graphql(
      'mutation($id: Int!) { updateTrip(id: $id, input: {dateExpiration: "0000-01-01"}) { id } }',
      { id: (await create({ title: 'Osaka' })).body.id },
      { key },
    );
    expect(updated.body.errors[0].extensions).toEqual({
      code: 'validation_failed',
      errors: { dateExpiration: [expect.any(String)] },
    });
    expect(await tripCount()).toBe(before + 1);
  });

  it('list filters: a date outside the range, or an impossible day, is a 400 naming filters', async () => {
    for (const value of [
      '0000-01-01',
      '10000-01-01',
      '2026-02-30',
      '2026-13-01',
      '2026-01-01T25:00:00Z',
    ]) {
      const filters = [{ field: 'dateStart', operator: 'lt', value }];
      const rest = await api.request(`GET /trips?filters=${q(filters)}`, { key });
      expect(rest.status, value).toBe(400);
      expect(rest.body).toEqual({
        errors: { filters: [expect.stringMatching(/^filters\[0\]: /)] },
      });
      const listed = await api.graphql(TRIPS, { f: filters }, { key });
      expect(listed.body.errors[0].extensions, value).toEqual({
        code: 'validation_failed',
        errors: { filters: [expect.any(String)] },
      });
      const inList = [{ field: 'createdAt', operator: 'in', value: ['2026-01-01', value] }];
      expect((await api.request(`GET /trips?filters=${q(inList)}`, { key })).status).toBe(400);
    }
  });
});

describe('the boundaries, years 0001 and 9999, are accepted and read back exactly', () => {
  const FIRST = '0001-01-01T00:00:00.000Z';
  const LAST = '9999-12-31T23:59:59.999Z';

  it('REST: create, read, list filter, PATCH, duplicate, delete', async () => {
    const created = await create({ title: 'Edges', dateStart: FIRST, dateFinish: LAST });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ dateStart: FIRST, dateFinish: LAST });
    const id = created.body.id;
    expect((await api.request(`GET /trips/${id}`, { key })).body).toMatchObject({
      dateStart: FIRST,
      dateFinish: LAST,
    });
    const dates = await create({
      title: 'Edge days',
      dateStart: '0001-01-01',
      dateExpiration: '9999-12-31',
    });
    expect(dates.body).toMatchObject({
      dateStart: FIRST,
      dateExpiration: '9999-12-31T00:00:00.000Z',
    });
    const filters = [
      { field: 'dateStart', operator: 'lte', value: '0001-01-01' },
      { field: 'dateFinish', operator: 'gte', value: LAST },
    ];
    const listed = await api.request(`GET /trips?filters=${q(filters)}`, { key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((t: { id: number }) => t.id)).toEqual([id]);
    const patched = await api.request(`PATCH /trips/${id}`, {
      key,
      body: { title: 'Edges 2', dateExpiration: LAST },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.dateExpiration).toBe(LAST);
    const copy = await api.graphql(
      'mutation($id: Int!) { duplicateTrip(id: $id) { id dateStart dateFinish } }',
      { id },
      { key },
    );
    expect(copy.body.data.duplicateTrip).toMatchObject({ dateStart: FIRST, dateFinish: LAST });
    expect((await api.request(`DELETE /trips/${id}`, { key })).status).toBe(200);
  });

  it('GraphQL: create at the boundaries, filter on them', async () => {
    const created = await api.graphql(
      CREATE,
      { input: { title: 'Edges', dateStart: '0001-01-01' } },
      { key },
    );
    expect(created.body.data.createTrip.dateStart).toBe(FIRST);
    const listed = await api.graphql(
      TRIPS,
      { f: [{ field: 'dateStart', operator: 'eq', value: FIRST }] },
      { key },
    );
    expect(listed.body.data.trips.totalCount).toBeGreaterThanOrEqual(1);
  });
});

describe('a row written before the fix with a date outside the range', () => {
  it('the migration clears it, and its trip then reads, changes and deletes without a 500', async () => {
    const trip = (await create({ title: 'Old row', visibility: 'public' })).body;
    const other = (await create({ title: 'Other' })).body;
    const kept = (await create({ title: 'Kept', dateStart: '2026-05-01' })).body;
    const catalog = (
      await api.request('POST /catalogs', {
        key,
        body: { title: 'Old catalog', tripIds: [trip.id, kept.id], isPublic: true },
      })
    ).body;
    // The database as it was before the migration: no CHECK, and the 1 BC that "0000-06-01" became.
    const sql = await fs.readFile(MIGRATION, 'utf8');
    await api.prisma.$executeRawUnsafe(
      `ALTER TABLE trips ${CONSTRAINTS.map((c) => `DROP CONSTRAINT ${c}`).join(', ')}`,
    );
    await api.prisma.$executeRaw`UPDATE trips SET date_start = '0001-06-01 00:00:00+00 BC',
      date_finish = '0001-07-01 00:00:00+00 BC', date_expiration = '10000-01-01 00:00:00+00'
      WHERE id = ${trip.id}`;
    // What the probe saw then: the catalog's public page refused, the trip's PATCH a 500.
    expect((await api.request(`GET /catalogs/public/${catalog.id}`)).status).toBe(400);
    await api.prisma.$executeRawUnsafe(sql);

    const read = await api.request(`GET /trips/${trip.id}`, { key });
    expect(read.body).toMatchObject({ dateStart: null, dateFinish: null, dateExpiration: null });
    expect((await api.request(`GET /trips/${kept.id}`, { key })).body.dateStart).toBe(
      '2026-05-01T00:00:00.000Z',
    );
    const publicCatalog = await api.request(`GET /catalogs/public/${catalog.id}`);
    expect(publicCatalog.status).toBe(200);
    expect(publicCatalog.body.trips.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: trip.id, dateStart: null })]),
    );
    expect((await api.request(`GET /catalogs/${catalog.id}/trips`, { key })).status).toBe(200);
    const patched = await api.request(`PATCH /trips/${trip.id}`, { key, body: { title: 'x16' } });
    expect(patched.status).toBe(200);
    const copy = await api.graphql(
      'mutation($id: Int!) { duplicateTrip(id: $id) { id dateStart } }',
      { id: trip.id },
      { key },
    );
    expect(copy.body.data.duplicateTrip).toMatchObject({ dateStart: null });
    const bulk = await api.request('POST /trips/bulk-delete', {
      key,
      body: { tripIds: [trip.id, other.id] },
    });
    expect(bulk.body.deletedCount).toBe(2);

    // And the database itself now refuses such a date, whoever writes it.
    await expect(
      api.prisma
        .$executeRaw`UPDATE trips SET date_start = '0001-06-01 00:00:00+00 BC' WHERE id = ${kept.id}`,
    ).rejects.toThrow(/trips_date_start_in_range/);
  });
});

describe('titles of only invisible characters are blank', () => {
  it('REST and GraphQL: zero-width and Unicode spaces alone are refused; around text, trimmed', async () => {
    const before = await tripCount();
    for (const title of ['\u200b\u200b', '\u00a0\u2003\u200c', '\ufeff\u2060\u200d', '\u3000']) {
      const created = await create({ title });
      expect(created.status, JSON.stringify(title)).toBe(400);
      expect(created.body).toEqual({ errors: { title: ['Title is required.'] } });
      const gql = await api.graphql(CREATE, { input: { title } }, { key });
      expect(gql.body.errors[0].extensions).toEqual({
        code: 'validation_failed',
        errors: { title: ['Title is required.'] },
      });
      const catalog = await api.request('POST /catalogs', { key, body: { title } });
      expect(catalog.status).toBe(400);
    }
    expect(await tripCount()).toBe(before);
    const padded = await create({ title: '\u200b\u00a0Lisbon\u2003\ufeff' });
    expect(padded.body.title).toBe('Lisbon');
    expect(padded.body.slug).toMatch(/^lisbon-/);
    // Inside a title they are the client's text.
    const inner = await create({ title: 'Rio\u00a0de\u00a0Janeiro' });
    expect(inner.body.title).toBe('Rio\u00a0de\u00a0Janeiro');
  });
});
