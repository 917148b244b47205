// Trips in GraphQL for the internal front-ends: the Relay connection (and its query count), the
// trash with restore and the 90-day purge job (on an injected clock), duplicate, and view counting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import type { Actor } from '../../src/auth/actor.ts';
import { TRIP_FIELDS } from '../../src/trips/trip.rest.ts';
import { tripList } from '../../src/trips/trip.service.ts';
import { runJob } from '../helpers/jobs.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-03-01T12:00:00Z');
const sql: string[] = [];

let api: TestService;
let account: AccountFixture;
let other: AccountFixture;

beforeAll(async () => {
  api = await startTestApp(
    {},
    { clock: () => now, onDatabaseQuery: (statement) => sql.push(statement.sql) },
  );
  account = await anAccount(api.prisma);
  other = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

const gql = async (
  query: string,
  variables: Record<string, unknown> = {},
  key: string | null = account.owner.key,
) => {
  const res = await api.graphql(query, variables, key ? { key } : {});
  expect(res.status).toBe(200);
  return res.body as {
    data: any;
    errors?: Array<{ message: string; extensions: { code: string; errors?: unknown } }>;
  };
};
const createTrips = async (
  titles: string[],
  fixture = account,
  extra: Record<string, unknown> = {},
) => {
  const ids: number[] = [];
  for (const title of titles)
    ids.push(
      (await api.request('POST /trips', { key: fixture.owner.key, body: { title, ...extra } })).body
        .id,
    );
  return ids;
};

describe('tripsConnection', () => {
  let account: AccountFixture;
  beforeAll(async () => {
    account = await anAccount(api.prisma);
    for (const [i, duration] of [3, null, 7, 1, null, 5, 9].entries()) {
      await api.request('POST /trips', {
        key: account.owner.key,
        body: {
          title: `Trip ${i}`,
          ...(duration ? { duration } : {}),
          countries: i % 2 ? ['FRA'] : ['ESP'],
        },
      });
    }
  });
  const PAGE = `query($first: Int, $after: String, $filters: [ListFilterInput!], $orderBy: ListOrderInput) {
    tripsConnection(first: $first, after: $after, filters: $filters, orderBy: $orderBy) {
      totalCount pageInfo { hasNextPage endCursor } edges { cursor node { title duration } }
    }
  }`;
  async function walk(variables: Record<string, unknown>) {
    const titles: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const { data } = await gql(PAGE, { ...variables, first: 3, after }, account.owner.key);
      titles.push(...data.tripsConnection.edges.map((e: any) => e.node.title));
      if (!data.tripsConnection.pageInfo.hasNextPage)
        return { titles, totalCount: data.tripsConnection.totalCount };
      after = data.tripsConnection.pageInfo.endCursor;
    }
    throw new Error('too many pages');
  }

  it('pages through the default order (newest first) exactly once each', async () => {
    const { titles, totalCount } = await walk({});
    expect(totalCount).toBe(7);
    expect(titles).toEqual(['Trip 6', 'Trip 5', 'Trip 4', 'Trip 3', 'Trip 2', 'Trip 1', 'Trip 0']);
  });

  it('takes the filters and order of the REST list, nulls last', async () => {
    const byDuration = await walk({ orderBy: { field: 'duration', direction: 'asc' } });
    expect(byDuration.titles).toEqual([
      'Trip 3',
      'Trip 0',
      'Trip 5',
      'Trip 2',
      'Trip 6',
      'Trip 1',
      'Trip 4',
    ]);
    const french = await walk({
      filters: [{ field: 'countries', operator: 'contains', value: 'FRA' }],
    });
    expect(french).toEqual({ titles: ['Trip 5', 'Trip 3', 'Trip 1'], totalCount: 3 });
    const bad = await gql(
      PAGE,
      { filters: [{ field: 'joinCode', operator: 'eq', value: 'x' }] },
      account.owner.key,
    );
    expect(bad.errors?.[0]?.extensions.code).toBe('validation_failed');
  });

  it('answers a page with configurations and agent pictures in a constant number of queries (no N+1)', async () => {
    const query = `query($first: Int) { tripsConnection(first: $first) { edges { node { id agentPictureUrl configuration { revision document } } } } }`;
    const count = async (first: number) => {
      const before = sql.length;
      const { data } = await gql(query, { first }, account.owner.key);
      expect(data.tripsConnection.edges).toHaveLength(first);
      expect(data.tripsConnection.edges[0].node.configuration.document.settings.currency).toBe(
        'EUR',
      );
      return sql.filter((statement, i) => i >= before && !/^(BEGIN|COMMIT)/.test(statement)).length;
    };
    const one = await count(1);
    const seven = await count(7);
    expect(one).toBeGreaterThan(0);
    expect(seven).toBe(one);
    expect(seven).toBeLessThanOrEqual(3); // authentication is cached; the page is one query plus its relations
  });

  it('GET /trips reads its default page and total in one SQL statement; a past-the-end page counts apart', async () => {
    const read = async (params: Record<string, string>) => {
      const path = `GET /trips?${new URLSearchParams(params)}`;
      await api.request(path, { key: account.owner.key }); // the API key's lookup is cached from here on
      const before = sql.length;
      const res = await api.request(path, { key: account.owner.key });
      expect(res.status).toBe(200);
      return { body: res.body, statements: sql.length - before, ran: sql.slice(before) };
    };
    const first = await read({ pageSize: '2' });
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, totalCount: 7, totalPages: 4 });
    expect(first.body.data.map((t: any) => t.title)).toEqual(['Trip 6', 'Trip 5']);
    expect(first.statements, first.ran.join('\n')).toBe(1);
    const past = await read({ page: '9' });
    expect(past.body).toMatchObject({ data: [], totalCount: 7, totalPages: 1 });
    expect(past.statements, past.ran.join('\n')).toBe(2);
  });

  it('a text filter or search takes %, _ and \\ as written, never as patterns, by SQL and by Prisma', async () => {
    const mine = await anAccount(api.prisma);
    await createTrips(['Back\\slash', '50% off', '50 percent', 'a_b', 'axb'], mine);
    const LIST = `query($filters: [ListFilterInput!], $search: ListSearchInput) {
      columns: trips(filters: $filters, search: $search, pageSize: 100) { data { title } totalCount }
      prisma: trips(filters: $filters, search: $search, pageSize: 100) { data { title @include(if: true) } totalCount }
    }`;
    const titles = async (variables: Record<string, unknown>) => {
      const { data, errors } = await gql(LIST, variables, mine.owner.key);
      expect(errors).toBeUndefined();
      const columns = data.columns.data.map((t: any) => t.title).sort();
      expect(data.prisma.data.map((t: any) => t.title).sort()).toEqual(columns);
      expect(data.columns.totalCount).toBe(columns.length);
      return columns;
    };
    const title = (operator: string, value: string) => ({
      filters: [{ field: 'title', operator, value }],
    });
    expect(await titles(title('eq', 'back\\slash'))).toEqual(['Back\\slash']);
    expect(await titles(title('eq', '\\'))).toEqual([]);
    expect(await titles(title('neq', '50%'))).toHaveLength(5);
    expect(await titles(title('contains', '50%'))).toEqual(['50% off']);
    expect(await titles(title('contains', 'a_b'))).toEqual(['a_b']);
    expect(await titles(title('contains', 'K\\S'))).toEqual(['Back\\slash']);
    expect(await titles({ search: { term: '%' } })).toEqual(['50% off']);
    const rest = await api.request(
      `GET /trips?${new URLSearchParams({ filters: JSON.stringify([{ field: 'title', operator: 'eq', value: '\\' }]) })}`,
      { key: mine.owner.key },
    );
    expect(rest.status).toBe(200);
    expect(rest.body.totalCount).toBe(0);
  });

  it('a page whose statement fails rejects through its rows only, asked with or without its total', async () => {
    const mine = await anAccount(api.prisma);
    await createTrips(['Lisbon'], mine);
    const actor: Actor = {
      agentId: mine.owner.agentId,
      accountId: mine.accountId,
      organisationId: mine.organisationId,
      plan: 'enterprise',
      role: 'owner',
      via: 'apiKey',
    };
    // Unescaped, a pattern ending in a backslash is refused by PostgreSQL: the statement fails.
    const list = tripList(
      api.prisma,
      actor,
      { AND: [{ title: { equals: '\\', mode: 'insensitive' } }] },
      [{ createdAt: 'desc' }, { id: 'desc' }],
    );
    // No total asked: an unhandled rejection of the version's copy would end the process (vitest
    // fails the run on one).
    await expect(list.columns!({ skip: 0, take: 20 }, false)).rejects.toThrow(/escape/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await api.request('GET /trips', { key: mine.owner.key })).status).toBe(200);
  });

  it('a filtered or searched page counts its matches once, and again after any write to a trip of the account, whoever makes it', async () => {
    const mine = await anAccount(api.prisma);
    const [lisbon, porto] = await createTrips(['Lisbon walks', 'Porto wines'], mine, {
      countries: ['PRT'],
    });
    await createTrips(['Kyoto temples'], mine, { countries: ['JPN'] });
    const portugal = `GET /trips?${new URLSearchParams({
      filters: JSON.stringify([{ field: 'countries', operator: 'contains', value: 'PRT' }]),
    })}`;
    const read = async (path = portugal) => {
      const before = sql.length;
      const res = await api.request(path, { key: mine.owner.key });
      expect(res.status).toBe(200);
      return {
        totalCount: res.body.totalCount,
        titles: res.body.data.map((t: any) => t.title).sort(),
        statements: sql.length - before,
      };
    };
    await read(); // the API key's lookup is cached from here on
    expect(await read()).toEqual({
      totalCount: 2,
      titles: ['Lisbon walks', 'Porto wines'],
      statements: 1,
    });
    // Another account's writes leave this account's totals alone.
    await createTrips(['Faro beaches'], other, { countries: ['PRT'] });
    expect((await read()).statements).toBe(1);

    await createTrips(['Sintra palaces'], mine, { countries: ['PRT'] });
    expect(await read()).toMatchObject({ totalCount: 3, statements: 2 });
    expect(await read()).toMatchObject({ totalCount: 3, statements: 1 });

    // SQL by hand, outside the service: the triggers move the version all the same.
    await api.prisma.$executeRaw`UPDATE trips SET countries = '{JPN}' WHERE id = ${porto}`;
    expect(await read()).toMatchObject({
      totalCount: 2,
      titles: ['Lisbon walks', 'Sintra palaces'],
      statements: 2,
    });

    // An edit that changes what a search finds, then the trash and a restore.
    const search = `GET /trips?${new URLSearchParams({ search: JSON.stringify({ term: 'walks' }) })}`;
    expect(await read(search)).toMatchObject({ totalCount: 1 });
    await api.request(`PATCH /trips/${porto}`, {
      key: mine.owner.key,
      body: { title: 'Porto walks' },
    });
    expect(await read(search)).toMatchObject({
      totalCount: 2,
      titles: ['Lisbon walks', 'Porto walks'],
    });
    await api.request(`DELETE /trips/${lisbon}`, { key: mine.owner.key });
    expect(await read(search)).toMatchObject({ totalCount: 1, titles: ['Porto walks'] });
    expect(await read()).toMatchObject({ totalCount: 1, titles: ['Sintra palaces'] });
    await gql(
      `mutation($id: Int!) { restoreTrip(id: $id) { id } }`,
      { id: lisbon },
      mine.owner.key,
    );
    expect(await read()).toMatchObject({
      totalCount: 2,
      titles: ['Lisbon walks', 'Sintra palaces'],
    });
  });

  it('GET /trips and GET /trips/{id} answer the very JSON POST /graphql answers for the same read', async () => {
    const list = await api.request('GET /trips?pageSize=3', { key: account.owner.key });
    const viaGraphql = await gql(
      `{ trips(pageSize: 3) { data { ${TRIP_FIELDS} agentPictureUrl } page pageSize totalCount totalPages } }`,
      {},
      account.owner.key,
    );
    expect(list.body.data).toHaveLength(3);
    expect(list.body).toStrictEqual(viaGraphql.data.trips);
    const id = list.body.data[0].id;
    const one = await api.request(`GET /trips/${id}`, { key: account.owner.key });
    expect(one.body).toStrictEqual(
      (
        await gql(
          `query($id: Int!) { trip(id: $id) { ${TRIP_FIELDS} } }`,
          { id },
          account.owner.key,
        )
      ).data.trip,
    );
  });

  it('trip(id:) reads its columns in one named statement and anything else through Prisma, with the same answer', async () => {
    const [id] = await createTrips(['Statement or Prisma'], account, {
      countries: ['PER', 'BOL'],
      dateStart: '2026-05-01T00:00:00.000Z',
      dateFinish: '2026-05-09T00:00:00.000Z',
    });
    const FIELDS = `${TRIP_FIELDS} deletedAt agentPictureUrl __typename`;
    const statementsOf = async (query: string) => {
      await gql(query, { id }, account.owner.key); // the API key's lookup is cached from here on
      const before = sql.length;
      const { data, errors } = await gql(query, { id }, account.owner.key);
      expect(errors).toBeUndefined();
      return { trip: data.trip, statements: sql.slice(before) };
    };
    const columns = await statementsOf(`query($id: Int!) { trip(id: $id) { ${FIELDS} } }`);
    expect(columns.statements).toHaveLength(1);
    expect(columns.statements[0]).toMatch(/FROM "public"\."trips" AS t JOIN "public"\."agents"/);
    // A fragment is planned through Prisma: the very same object, field for field.
    const fragment = await statementsOf(
      `query($id: Int!) { trip(id: $id) { ...F } } fragment F on Trip { ${FIELDS} }`,
    );
    expect(fragment.statements.join('\n')).not.toContain('AS t');
    expect(fragment.trip).toStrictEqual(columns.trip);
    expect(columns.trip).toMatchObject({
      id,
      countries: ['PER', 'BOL'],
      dateStart: '2026-05-01T00:00:00.000Z',
      deletedAt: null,
      __typename: 'Trip',
    });
    const listed = await gql(
      `{ trips(pageSize: 100) { data { ${TRIP_FIELDS} agentPictureUrl } } }`,
      {},
      account.owner.key,
    );
    const { deletedAt: _, __typename: __, ...read } = columns.trip;
    expect(listed.data.trips.data.find((t: { id: number }) => t.id === id)).toStrictEqual(read);
    // A relation goes through Prisma with Pothos's query.
    const related = await statementsOf(
      'query($id: Int!) { trip(id: $id) { id configuration { revision } restorableUntil } }',
    );
    expect(related.trip).toEqual({ id, configuration: { revision: 1 }, restorableUntil: null });
    // Another account's trip, or one in the trash, is not found either way.
    for (const query of [
      `query($id: Int!) { trip(id: $id) { id } }`,
      `query($id: Int!) { trip(id: $id) { id configuration { revision } } }`,
    ]) {
      const res = await gql(query, { id }, other.owner.key);
      expect(res.errors?.[0]?.extensions.code).toBe('not_found');
    }
  });

  it('a creation answering columns is written in SQL, one asking for a relation through Prisma, both the same trip', async () => {
    const input = {
      title: 'Created in SQL',
      seoDescription: 'x',
      duration: 3,
      dateStart: '2026-05-01T00:00:00.000Z',
      dateFinish: '2026-05-04T00:00:00.000Z',
      countries: ['per', 'BOL', 'PER'],
      template: true,
      visibility: 'private',
    };
    const before = sql.length;
    const created = await api.request('POST /trips', { key: account.owner.key, body: input });
    expect(created.status).toBe(201);
    expect(sql.slice(before).join('\n')).toMatch(/INSERT INTO trips \(/);
    const FIELDS = `${TRIP_FIELDS} agentPictureUrl`;
    const read = await gql(
      `query($id: Int!) { trip(id: $id) { ...F } } fragment F on Trip { ${FIELDS} }`,
      { id: created.body.id },
      account.owner.key,
    );
    const { agentPictureUrl: _, ...columns } = read.data.trip;
    expect(created.body).toStrictEqual(columns);
    expect(created.body).toMatchObject({
      countries: ['PER', 'BOL'],
      visibility: 'private',
      template: true,
      code: expect.stringMatching(/^TRIP-\d+$/),
    });
    expect(created.body.createdAt).toBe(created.body.updatedAt);
    const viaPrisma = await gql(
      `mutation($input: CreateTripInput!) { createTrip(input: $input) { id code configuration { revision document } } }`,
      { input: { title: 'Created by Prisma' } },
      account.owner.key,
    );
    const sqlConfig = await gql(
      'query($id: Int!) { trip(id: $id) { configuration { revision document } } }',
      { id: created.body.id },
      account.owner.key,
    );
    expect(sqlConfig.data.trip.configuration).toStrictEqual(
      viaPrisma.data.createTrip.configuration,
    );
    expect(Number(viaPrisma.data.createTrip.code.slice(5))).toBe(
      Number(created.body.code.slice(5)) + 1,
    );
  });

  it('a page of columns is read by hand-written SQL and answers what Prisma answers, for every list shape', async () => {
    await createTrips(['Lima % night', 'lima_day', 'Cusco', 'Paris'], account, {
      countries: ['PER'],
      duration: 4,
      dateStart: '2026-07-01T00:00:00.000Z',
      seoDescription: 'Andes and Lima',
    });
    await createTrips(['Private escape'], account, { visibility: 'private', template: true });
    const FIELDS = `${TRIP_FIELDS} agentPictureUrl`;
    const shapes: Array<Record<string, unknown>> = [
      {},
      { pageSize: 3, page: 2 },
      { filters: [{ field: 'title', operator: 'eq', value: 'cusco' }] },
      { filters: [{ field: 'title', operator: 'neq', value: 'CUSCO' }] },
      { filters: [{ field: 'title', operator: 'in', value: ['paris', 'CUSCO'] }] },
      { filters: [{ field: 'title', operator: 'contains', value: '%' }] },
      { filters: [{ field: 'code', operator: 'contains', value: 'trip-' }] },
      { filters: [{ field: 'duration', operator: 'neq', value: 4 }] },
      { filters: [{ field: 'duration', operator: 'in', value: [4, 7] }] },
      { filters: [{ field: 'dateStart', operator: 'gte', value: '2026-06-30' }] },
      { filters: [{ field: 'countries', operator: 'contains', value: 'per' }] },
      { filters: [{ field: 'countries', operator: 'in', value: ['PER', 'FRA'] }] },
      { filters: [{ field: 'visibility', operator: 'eq', value: 'private' }] },
      { filters: [{ field: 'visibility', operator: 'in', value: ['private', 'public'] }] },
      { filters: [{ field: 'template', operator: 'neq', value: true }] },
      { search: { term: 'lima' } },
      { search: { term: '_', fields: ['title'] } },
      { search: { term: '   ' } },
      { orderBy: { field: 'duration', direction: 'desc' } },
      { orderBy: { field: 'title' } },
      { orderBy: { field: 'id', direction: 'desc' } },
      {
        filters: [{ field: 'duration', operator: 'gt', value: 1 }],
        search: { term: 'a' },
        orderBy: { field: 'dateStart', direction: 'asc' },
      },
    ];
    const QUERY = `query($page: Int, $pageSize: Int, $filters: [ListFilterInput!], $search: ListSearchInput, $orderBy: ListOrderInput) {
      trips(page: $page, pageSize: $pageSize, filters: $filters, search: $search, orderBy: $orderBy) { data { SELECTION } totalCount }
    }`;
    const viaPrisma = `${QUERY.replace('SELECTION', '...F')} fragment F on Trip { ${FIELDS} }`;
    for (const shape of shapes) {
      const before = sql.length;
      const bySql = await gql(QUERY.replace('SELECTION', FIELDS), shape, account.owner.key);
      expect(bySql.errors, JSON.stringify(shape)).toBeUndefined();
      expect(sql.slice(before).join('\n'), JSON.stringify(shape)).toMatch(
        /FROM "public"\."trips" AS t /,
      );
      const byPrisma = await gql(viaPrisma, shape, account.owner.key);
      expect(bySql.data.trips, JSON.stringify(shape)).toStrictEqual(byPrisma.data.trips);
      const all = await gql(viaPrisma, { ...shape, page: 1, pageSize: 100 }, account.owner.key);
      expect(all.data.trips.data.length, JSON.stringify(shape)).toBe(bySql.data.trips.totalCount);
    }
  });

  it('refuses a negative size or a cursor that is not one of ours', async () => {
    for (const variables of [{ first: -1 }, { after: 'not-a-cursor' }]) {
      const res = await gql(PAGE, variables, account.owner.key);
      expect(res.errors?.[0]?.extensions.code).toBe('validation_failed');
    }
  });

  it('needs read:trips', async () => {
    const res = await gql('{ tripsConnection { totalCount } }', {}, null);
    expect(res.errors?.[0]?.extensions.code).toBe('missing_api_key');
  });
});

describe('trash', () => {
  const TRASH =
    '{ trashedTrips(first: 50) { totalCount edges { node { id deletedAt restorableUntil } } } }';
  const RESTORE = 'mutation($id: Int!) { restoreTrip(id: $id) { id title deletedAt } }';

  it('lists deleted trips, most recent first, and restores one', async () => {
    const [a, b] = await createTrips(['Trashed A', 'Trashed B']);
    expect((await api.request(`DELETE /trips/${a}`, { key: account.owner.key })).status).toBe(200);
    now = new Date(now.getTime() + 1000);
    await api.request(`DELETE /trips/${b}`, { key: account.owner.key });
    const { data } = await gql(TRASH);
    const ids = data.trashedTrips.edges.map((e: any) => e.node.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    const entry = data.trashedTrips.edges.find((e: any) => e.node.id === a).node;
    expect(new Date(entry.restorableUntil).getTime() - new Date(entry.deletedAt).getTime()).toBe(
      90 * DAY,
    );
    expect((await api.request(`GET /trips/${a}`, { key: account.owner.key })).status).toBe(404);

    const restored = await gql(RESTORE, { id: a });
    expect(restored.data.restoreTrip).toEqual({ id: a, title: 'Trashed A', deletedAt: null });
    expect((await api.request(`GET /trips/${a}`, { key: account.owner.key })).status).toBe(200);
    expect((await gql(TRASH)).data.trashedTrips.edges.map((e: any) => e.node.id)).not.toContain(a);
  });

  it('another account cannot see or restore the trip; a viewer cannot restore', async () => {
    const [id] = await createTrips(['Private trash']);
    await api.request(`DELETE /trips/${id}`, { key: account.owner.key });
    expect(
      (await gql(TRASH, {}, other.owner.key)).data.trashedTrips.edges.map((e: any) => e.node.id),
    ).not.toContain(id);
    expect((await gql(RESTORE, { id }, other.owner.key)).errors?.[0]?.extensions.code).toBe(
      'not_found',
    );
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    expect((await gql(RESTORE, { id }, viewer.key)).errors?.[0]?.extensions.code).toBe('forbidden');
    expect((await gql(RESTORE, { id: 999_999 })).errors?.[0]?.extensions.code).toBe('not_found');
  });

  it('a daily job erases trips deleted over 90 days ago with their configurations; younger ones stay restorable', async () => {
    const fresh = await anAccount(api.prisma);
    const [old, young, alive] = await createTrips(['Old', 'Young', 'Alive'], fresh);
    await gql(`mutation($id: Int!) { deleteTrip(id: $id) }`, { id: old }, fresh.owner.key);
    now = new Date(now.getTime() + 10 * DAY);
    await gql(`mutation($id: Int!) { deleteTrip(id: $id) }`, { id: young }, fresh.owner.key);
    now = new Date(now.getTime() + 85 * DAY); // old: 95 days in the trash; young: 85

    const trash = await gql(TRASH, {}, fresh.owner.key);
    expect(trash.data.trashedTrips.edges.map((e: any) => e.node.id)).toEqual([young]);
    expect((await gql(RESTORE, { id: old }, fresh.owner.key)).errors?.[0]?.extensions.code).toBe(
      'not_found',
    );

    await runJob(api, 'trips.purge-trash');
    const left = await api.prisma.trip.findMany({
      where: { accountId: fresh.accountId },
      select: { id: true },
    });
    expect(left.map((t) => t.id).sort()).toEqual([young, alive].sort());
    expect(await api.prisma.tripConfiguration.count({ where: { tripId: old } })).toBe(0);
    expect(await api.prisma.tripConfiguration.count({ where: { tripId: young } })).toBe(1);
    expect((await gql(RESTORE, { id: young }, fresh.owner.key)).data.restoreTrip.id).toBe(young);

    await runJob(api, 'trips.purge-trash'); // safe to run twice
    expect(await api.prisma.trip.count({ where: { accountId: fresh.accountId } })).toBe(2);
  });

  it('the purge job is scheduled daily', async () => {
    const schedules = await api.running.services.boss.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: 'trips.purge-trash', cron: '17 3 * * *' }),
    );
  });
});

describe('duplicateTrip', () => {
  const DUPLICATE = `mutation($id: Int!, $title: String) {
    duplicateTrip(id: $id, title: $title) { id title slug code joinCode duration countries visibility agentId accountId visualizations configuration { document } }
  }`;

  it('copies the trip and its configuration as a new trip of the caller', async () => {
    const source = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: 'Lisbon Escape', duration: 4, countries: ['PRT'], visibility: 'private' },
    });
    await api.request(`PATCH /trips/${source.body.id}/config`, {
      key: account.owner.key,
      headers: { 'content-type': 'application/merge-patch+json' },
      body: { settings: { currency: 'USD' } },
    });
    const agent = await aMember(api.prisma, account.accountId, 'agent');
    const { data } = await gql(DUPLICATE, { id: source.body.id }, agent.key);
    const copy = data.duplicateTrip;
    expect(copy).toMatchObject({
      title: 'Lisbon Escape (copy)',
      duration: 4,
      countries: ['PRT'],
      visibility: 'private',
      agentId: agent.agentId,
      accountId: account.accountId,
      visualizations: 0,
    });
    expect(copy.id).not.toBe(source.body.id);
    expect(copy.slug).toMatch(/^lisbon-escape-copy-[a-z0-9]{6}$/);
    expect(copy.code).not.toBe(source.body.code);
    expect(copy.joinCode).not.toBe(source.body.joinCode);
    expect(copy.configuration.document.settings.currency).toBe('USD');
    expect(
      (await gql(DUPLICATE, { id: source.body.id, title: 'Porto' })).data.duplicateTrip.title,
    ).toBe('Porto');
  });

  it('refuses a bad title, a trip of another account, and a viewer', async () => {
    const [id] = await createTrips(['Source']);
    const blank = await gql(DUPLICATE, { id, title: '  ' });
    expect(blank.errors?.[0]?.extensions).toMatchObject({
      code: 'validation_failed',
      errors: { title: [expect.any(String)] },
    });
    expect((await gql(DUPLICATE, { id }, other.owner.key)).errors?.[0]?.extensions.code).toBe(
      'not_found',
    );
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    expect((await gql(DUPLICATE, { id }, viewer.key)).errors?.[0]?.extensions.code).toBe(
      'forbidden',
    );
  });
});

describe('recordTripView', () => {
  const VIEW =
    'mutation($slug: String!, $viewerId: String) { recordTripView(slug: $slug, viewerId: $viewerId) { counted visualizations } }';
  const view = (slug: string, viewerId?: string) => gql(VIEW, { slug, viewerId }, null);

  it('needs no key and counts each viewer at most once per hour', async () => {
    const trip = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'Viewed' } })
    ).body;
    expect((await view(trip.slug, 'visitor-1')).data.recordTripView).toEqual({
      counted: true,
      visualizations: 1,
    });
    expect((await view(trip.slug, 'visitor-1')).data.recordTripView).toEqual({
      counted: false,
      visualizations: 1,
    });
    expect((await view(trip.slug, 'visitor-2')).data.recordTripView).toEqual({
      counted: true,
      visualizations: 2,
    });
    expect((await view(trip.slug)).data.recordTripView.counted).toBe(true); // address + user agent
    expect((await view(trip.slug)).data.recordTripView.counted).toBe(false);

    now = new Date(now.getTime() + 59 * 60 * 1000);
    expect((await view(trip.slug, 'visitor-1')).data.recordTripView.counted).toBe(false);
    now = new Date(now.getTime() + 2 * 60 * 1000);
    expect((await view(trip.slug, 'visitor-1')).data.recordTripView).toEqual({
      counted: true,
      visualizations: 4,
    });

    const read = await api.request(`GET /trips/${trip.id}`, { key: account.owner.key });
    expect(read.body.visualizations).toBe(4);
    expect(read.body.updatedAt).toBe(trip.updatedAt); // a view is not an edit
  });

  it('counts concurrent views of one viewer once', async () => {
    const trip = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'Busy' } })
    ).body;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => view(trip.slug, 'same-visitor')),
    );
    expect(results.filter((r) => r.data.recordTripView.counted)).toHaveLength(1);
  });

  it('counts at most 20 views of a trip an hour from one IP, however many viewer ids it sends', async () => {
    const trip = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'Inflated' } })
    ).body;
    const counted: boolean[] = [];
    for (let i = 0; i < 25; i++)
      counted.push((await view(trip.slug, `invented-${i}`)).data.recordTripView.counted);
    expect(counted.filter(Boolean)).toHaveLength(20);
    expect(counted.slice(20)).toEqual([false, false, false, false, false]);
    expect((await view(trip.slug)).data.recordTripView).toEqual({
      counted: false,
      visualizations: 20,
    });
    // Another trip from the same IP has a bound of its own, and the hour after, it counts again.
    const next = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'Next' } })
    ).body;
    expect((await view(next.slug, 'invented-0')).data.recordTripView.counted).toBe(true);
    now = new Date(now.getTime() + 61 * 60 * 1000);
    expect((await view(trip.slug, 'invented-24')).data.recordTripView).toEqual({
      counted: true,
      visualizations: 21,
    });
  });

  it('404 for a private, deleted or unknown trip', async () => {
    const hidden = (
      await api.request('POST /trips', {
        key: account.owner.key,
        body: { title: 'Hidden', visibility: 'private' },
      })
    ).body;
    const deleted = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'Gone' } })
    ).body;
    await api.request(`DELETE /trips/${deleted.id}`, { key: account.owner.key });
    for (const slug of [hidden.slug, deleted.slug, 'no-such-trip']) {
      expect((await view(slug, 'v')).errors?.[0]?.extensions.code).toBe('not_found');
    }
    expect(
      await api.prisma.trip.findUniqueOrThrow({
        where: { id: hidden.id },
        select: { visualizations: true },
      }),
    ).toEqual({ visualizations: 0 });
  });
});

describe("totalCount of the unfiltered list (the account's live counter)", () => {
  it('stays exact through creation, bulk deletion, restore, the purge and writes made outside the service', async () => {
    const fresh = await anAccount(api.prisma);
    const key = fresh.owner.key;
    const totals = async () => {
      const unfiltered = (await api.request('GET /trips?pageSize=1', { key })).body.totalCount;
      const filters = encodeURIComponent(
        JSON.stringify([{ field: 'id', operator: 'gt', value: 0 }]),
      );
      const counted = (await api.request(`GET /trips?pageSize=1&filters=${filters}`, { key })).body
        .totalCount;
      const connection = (await gql('{ tripsConnection(first: 1) { totalCount } }', {}, key)).data
        .tripsConnection.totalCount;
      return { unfiltered, counted, connection };
    };
    const same = (n: number) => ({ unfiltered: n, counted: n, connection: n });

    const ids = await createTrips(['a', 'b', 'c', 'd', 'e'], fresh);
    expect(await totals()).toEqual(same(5));
    await api.request('DELETE /trips', { key, body: { tripIds: [ids[0], ids[1], 999_999] } });
    expect(await totals()).toEqual(same(3));
    await gql('mutation($id: Int!) { restoreTrip(id: $id) { id } }', { id: ids[0] }, key);
    expect(await totals()).toEqual(same(4));
    await api.prisma.$executeRaw`
      INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, updated_at)
      SELECT ${fresh.accountId}, ${fresh.owner.agentId}, 'Loaded ' || i, 'loaded-' || ${fresh.accountId} || '-' || i, 'L-' || i, 'L' || ${fresh.accountId} || 'X' || i, now()
      FROM generate_series(1, 3) AS i`;
    expect(await totals()).toEqual(same(7));
    now = new Date(now.getTime() + 95 * DAY);
    await runJob(api, 'trips.purge-trash'); // erases b, which was no longer counted
    expect(await totals()).toEqual(same(7));
    await api.prisma.trip.deleteMany({
      where: { accountId: fresh.accountId, title: { startsWith: 'Loaded' } },
    });
    expect(await totals()).toEqual(same(4));
  });
});
