// Bad input is a 4xx everywhere (issue 15): each class that answered 500 before, over REST (the
// validation body naming the field) and over GraphQL (a `validation_failed` error naming it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config/constants.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const UNSTORABLE = ['a\u0000b', 'a\ud800b', '\udc00'];
const cursor = (text: string) => Buffer.from(text).toString('base64');

describe('bad input', () => {
  let api: TestService;
  let account: AccountFixture;
  let tripId: number;
  const tripCount = () => api.prisma.trip.count({ where: { accountId: account.accountId } });
  beforeAll(async () => {
    api = await startTestApp();
    account = await anAccount(api.prisma);
    tripId = (
      await api.request('POST /trips', { key: account.owner.key, body: { title: 'Kyoto' } })
    ).body.id;
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('NUL and unpaired surrogates in REST bodies: 400 naming the field, nothing written', async () => {
    const key = account.owner.key;
    for (const text of UNSTORABLE) {
      const created = await api.request('POST /trips', { key, body: { title: text } });
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ errors: { title: [expect.stringMatching(/NUL/)] } });
      const patched = await api.request(`PATCH /trips/${tripId}`, {
        key,
        body: { seoDescription: text },
      });
      expect(patched.body).toEqual({ errors: { seoDescription: [expect.any(String)] } });
      const catalog = await api.request('POST /catalogs', { key, body: { title: text } });
      expect(catalog.body).toEqual({ errors: { title: [expect.any(String)] } });
      const config = await api.request(`PATCH /trips/${tripId}/config`, {
        key,
        body: { contact: { name: text } },
      });
      expect(config.status).toBe(400);
      expect(config.body).toEqual({ errors: { 'contact.name': [expect.any(String)] } });
      const nulKey = await api.request(`PATCH /trips/${tripId}/config`, {
        key,
        body: { moreInfo: { [`k${text}`]: 1 } },
      });
      expect(nulKey.status).toBe(400);
    }
    expect(await tripCount()).toBe(1);
  });

  it('NUL in query parameters (filters, search) and in OAuth credentials: 400', async () => {
    const key = account.owner.key;
    const filter = await api.request(
      `GET /trips?filters=${q([{ field: 'title', operator: 'eq', value: 'x\u0000' }])}`,
      { key },
    );
    expect(filter.body).toEqual({ errors: { 'filters[0].value': [expect.any(String)] } });
    const search = await api.request(`GET /trips?search=${q({ term: 'x\u0000' })}`, { key });
    expect(search.body).toEqual({ errors: { 'search.term': [expect.any(String)] } });
    const oauth = await api.request('POST /oauth/token', {
      rawBody: 'grant_type=client_credentials&client_id=mc_%00&client_secret=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oauth.status).toBe(400);
    expect(oauth.body.error.code).toBe('invalid_request');
  });

  it('an escaped NUL in a public catalog slug: 400 naming idOrSlug; a malformed escape names no catalog (404)', async () => {
    const nul = await api.request('GET /catalogs/public/summer%00-abc123');
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ errors: { idOrSlug: [expect.stringMatching(/NUL/)] } });
    const malformed = await api.request('GET /catalogs/public/summer%E0%A4%A');
    expect(malformed.status).toBe(404);
  });

  it('an escaped NUL in an AI job id names no job: 404 job_not_found in the AI error body (found by the OpenAPI fuzzer)', async () => {
    for (const path of ['GET /ai/trips/1%00/status', 'POST /ai/trips/%00/actions/cancel']) {
      const res = await api.request(path, { key: account.owner.key });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({
        error: { code: 'job_not_found', message: expect.any(String) },
      });
    }
  });

  it('NUL in GraphQL variables and literals: validation_failed naming the field', async () => {
    const key = account.owner.key;
    const variable = await api.graphql(
      'mutation($input: CreateTripInput!) { createTrip(input: $input) { id } }',
      { input: { title: 'x\u0000' } },
      { key },
    );
    expect(variable.body.errors[0].extensions).toEqual({
      code: 'validation_failed',
      errors: { 'input.title': [expect.any(String)] },
    });
    const literal = await api.graphql(
      'mutation { createTrip(input: {title: "x\\u0000"}) { id } }',
      {},
      { key },
    );
    expect(literal.body.errors[0].extensions).toMatchObject({
      code: 'validation_failed',
      errors: { 'input.title': [expect.any(String)] },
    });
    const view = await api.graphql(
      'mutation($s: String!) { recordTripView(slug: $s) { counted } }',
      { s: '\u0000' },
    );
    expect(view.body.errors[0].extensions.code).toBe('validation_failed');
    const surrogate = await api.graphql(
      'query($f: [ListFilterInput!]) { trips(filters: $f) { totalCount } }',
      { f: [{ field: 'title', operator: 'eq', value: '\ud83d' }] },
      { key },
    );
    expect(surrogate.body.errors[0].extensions.errors).toEqual({
      'f[0].value': [expect.any(String)],
    });
    // Other control characters are ordinary text.
    const tab = await api.graphql(
      'mutation { createTrip(input: {title: "a\\u0001\\tb"}) { title } }',
      {},
      { key },
    );
    expect(tab.body.data.createTrip.title).toBe('a\u0001\tb');
    expect(await tripCount()).toBe(2);
  });

  it('list field names that are Object.prototype members: 400 naming the parameter', async () => {
    const key = account.owner.key;
    for (const field of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
      const filter = await api.request(
        `GET /trips?filters=${q([{ field, operator: 'eq', value: 'x' }])}`,
        { key },
      );
      expect(filter.status, field).toBe(400);
      expect(Object.keys(filter.body.errors), field).toEqual(['filters']);
      const order = await api.request(`GET /catalogs?orderBy=${q({ field })}`, { key });
      expect(order.body.errors, field).toEqual({ orderBy: [expect.any(String)] });
      const search = await api.request(`GET /trips?search=${q({ fields: [field], term: 'x' })}`, {
        key,
      });
      expect(search.body.errors, field).toEqual({ search: [expect.any(String)] });
      const gql = await api.graphql(
        'query($f: [ListFilterInput!]) { catalogs(filters: $f) { totalCount } }',
        { f: [{ field, operator: 'eq', value: 1 }] },
        { key },
      );
      expect(gql.body.errors[0].extensions.errors, field).toEqual({
        filters: [expect.any(String)],
      });
    }
  });

  it('cursors, pages and numbers out of range: 400, not 500', async () => {
    const key = account.owner.key;
    for (const after of [
      cursor('OffsetConnection:-5'),
      cursor('OffsetConnection:NaN'),
      cursor('OffsetConnection:99999999999999'),
      'not-a-cursor',
    ]) {
      const res = await api.graphql(
        'query($a: String) { tripsConnection(after: $a) { totalCount } }',
        { a: after },
        { key },
      );
      expect(res.body.errors[0].extensions, after).toMatchObject({
        code: 'validation_failed',
        errors: { after: [expect.any(String)] },
      });
    }
    const before = await api.graphql(
      'query($b: String) { catalogsConnection(before: $b, last: 2) { totalCount } }',
      { b: cursor('OffsetConnection:-1') },
      { key },
    );
    expect(before.body.errors[0].extensions.errors).toEqual({ before: [expect.any(String)] });

    const huge = await api.request('POST /graphql', {
      key,
      rawBody:
        '{"query":"query($p: Int) { trips(pageSize: $p) { totalCount } }","variables":{"p":1e400}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.body.errors[0].extensions).toMatchObject({
      code: 'validation_failed',
      errors: { p: [expect.any(String)] },
    });
    const bigInt = await api.graphql(
      'query($id: Int!) { trip(id: $id) { id } }',
      { id: 2 ** 40 },
      { key },
    );
    expect(bigInt.body.errors[0].extensions.code).toBe('validation_failed');
    // A required variable missing or null, a string for an Int, an unknown enum value: the
    // caller's input too, named by its variable.
    for (const [document, variables, name] of [
      ['query($id: Int!) { trip(id: $id) { id } }', {}, 'id'],
      ['query($id: Int!) { trip(id: $id) { id } }', { id: null }, 'id'],
      ['query($id: Int!) { trip(id: $id) { id } }', { id: 'abc' }, 'id'],
      [
        'mutation($i: CreateTripInput!) { createTrip(input: $i) { id } }',
        { i: { title: 'Porto', visibility: 'secret' } },
        'i',
      ],
    ] as const) {
      const res = await api.graphql(document, variables, { key });
      expect(res.body.errors[0].extensions, JSON.stringify(variables)).toEqual({
        code: 'validation_failed',
        errors: { [name]: [expect.any(String)] },
      });
    }
    const lastPage = await api.request('GET /trips?page=2147483647&pageSize=100', { key });
    expect(lastPage.body).toEqual({ errors: { page: [expect.any(String)] } });
    for (const value of [2 ** 40, 1.5, -0.5]) {
      const res = await api.request(
        `GET /trips?filters=${q([{ field: 'duration', operator: 'gte', value }])}`,
        { key },
      );
      expect(res.body.errors, String(value)).toEqual({ filters: [expect.any(String)] });
    }
    const notANumber = await api.request(
      `GET /trips?filters=${encodeURIComponent('[{"field":"duration","operator":"eq","value":1e400}]')}`,
      { key },
    );
    expect(notANumber.status).toBe(400);
    const minusZero = await api.request(
      `GET /trips?filters=${q([{ field: 'duration', operator: 'eq', value: -0 }])}`,
      { key },
    );
    expect(minusZero.status).toBe(200);
  });

  it('REST input GraphQL could not coerce is named as the REST parameter, in our words', async () => {
    const key = account.owner.key;
    const trips = await tripCount();
    const list = async (query: string) => (await api.request(`GET /trips?${query}`, { key })).body;
    const extra = { field: 'title', operator: 'contains', value: 'rome', extra: 1 };
    const filters = await list(`filters=${q([{ field: 'id', operator: 'eq', value: 1 }, extra])}`);
    expect(filters.errors.filters[0]).toMatch(
      /^filters\[1\]\.extra is not accepted: filters must be/,
    );
    expect((await list(`search=${q({ term: 'x', extra: 1 })}`)).errors.search[0]).toMatch(
      /^search\.extra is not accepted/,
    );
    expect((await list(`orderBy=${q({ field: 'id', extra: 1 })}`)).errors.orderBy[0]).toMatch(
      /^orderBy\.extra is not accepted/,
    );
    expect(await list('pageSize=9999999999')).toEqual({
      errors: { pageSize: ['pageSize must be an integer from 1 to 100.'] },
    });
    expect(Object.keys((await list('page=9999999999')).errors)).toEqual(['page']);
    const bulk = (body: unknown) => api.request('POST /trips/bulk-delete', { key, body });
    expect((await bulk({ tripIds: [tripId, 2147483648] })).body).toEqual({
      errors: { 'tripIds[1]': ['tripIds[1] must be at most 2147483647.'] },
    });
    expect((await bulk({ tripIds: '7' })).body).toEqual({
      errors: { tripIds: ['tripIds must be an array of trip ids, not a string, e.g. [12, 15].'] },
    });
    expect((await bulk({ tripIds: [tripId], tripId: [tripId] })).body.errors).toEqual({
      tripId: ['Give tripIds or tripId, not both.'],
    });
    expect((await bulk({})).body.errors.body).toEqual([
      'Give tripIds (or tripId): an array of 1 to 100 ids.',
    ]);
    const catalogs = await api.request('DELETE /catalogs', { key, body: { catalogIds: '7' } });
    expect(catalogs.body.errors.catalogIds[0]).toMatch(
      /^catalogIds must be an array of catalog ids/,
    );
    // Nothing of GraphQL's own vocabulary reached a client, and nothing was deleted.
    for (const body of [filters, await list('pageSize=9999999999')])
      expect(JSON.stringify(body)).not.toMatch(/Variable|ListFilterInput|Expected type/);
    expect(await tripCount()).toBe(trips);
  });

  it('number filters take the whole int4 range; connections refuse first/last over 100 and non-canonical cursors', async () => {
    const key = account.owner.key;
    for (const value of [-2147483648, 2147483647]) {
      const res = await api.request(
        `GET /trips?filters=${q([{ field: 'duration', operator: 'gte', value }])}`,
        { key },
      );
      expect(res.status, String(value)).toBe(200);
    }
    const below = await api.request(
      `GET /trips?filters=${q([{ field: 'duration', operator: 'gte', value: -2147483649 }])}`,
      { key },
    );
    expect(below.body.errors.filters[0]).toContain('from -2147483648 to 2147483647');
    const connection = (args: string, variables: Record<string, unknown> = {}) => {
      const declared = Object.keys(variables).map((name) => `$${name}: String`);
      const signature = declared.length ? `(${declared.join(', ')})` : '';
      return api.graphql(
        `query${signature} { tripsConnection(${args}) { edges { node { id } } } }`,
        variables,
        { key },
      );
    };
    for (const args of ['first: 101', 'first: 1000', 'last: 101, before: $b']) {
      const res = await connection(
        args,
        args.includes('$b') ? { b: cursor('OffsetConnection:5') } : {},
      );
      expect(res.body.errors?.[0]?.extensions, args).toMatchObject({ code: 'validation_failed' });
      expect(Object.keys(res.body.errors[0].extensions.errors), args).toEqual([
        args.startsWith('first') ? 'first' : 'last',
      ]);
    }
    expect((await connection('first: 100')).body.data.tripsConnection.edges).toHaveLength(
      await tripCount(),
    );
    for (const text of [':1e3', ':1.5', ': 1', ':01', ':+1', ':1 ', ':2147483648'])
      expect(
        (await connection('after: $a', { a: cursor(`OffsetConnection${text}`) })).body.errors?.[0]
          ?.extensions.errors,
        text,
      ).toEqual({ after: ['after is not a cursor of this connection.'] });
    // docs/errors-and-limits.md#list-parameters: "an offset from 0 to int4's maximum"; nothing can follow the last one.
    const last = await connection('after: $a', { a: cursor('OffsetConnection:2147483647') });
    expect(last.body).toEqual({ data: { tripsConnection: { edges: [] } } });
    const first = await connection('after: $a', { a: cursor('OffsetConnection:0') });
    // After the first item: every other one.
    expect(first.body.data.tripsConnection.edges).toHaveLength((await tripCount()) - 1);
  });

  it(`at most ${LIMITS.listFiltersMax} filters and ${LIMITS.listInValuesMax} "in" values; the issue's 2,000 filters of 100 values`, async () => {
    const key = account.owner.key;
    const inFilter = (n: number) => ({
      field: 'title',
      operator: 'in',
      value: Array.from({ length: n }, (_, i) => `t${i}`),
    });
    // The largest allowed over GraphQL (in a URL it would pass Node's 16 KB header limit: 431).
    const largest = await api.graphql(
      'query($f: [ListFilterInput!]) { trips(filters: $f) { totalCount } }',
      { f: Array(LIMITS.listFiltersMax).fill(inFilter(LIMITS.listInValuesMax)) },
      { key },
    );
    expect(largest.body).toEqual({ data: { trips: { totalCount: 0 } } });
    expect(
      (
        await api.request(
          `GET /trips?filters=${q(Array(LIMITS.listFiltersMax).fill(inFilter(3)))}`,
          { key },
        )
      ).status,
    ).toBe(200);
    const tooMany = await api.request(
      `GET /trips?filters=${q(Array(LIMITS.listFiltersMax + 1).fill(inFilter(1)))}`,
      { key },
    );
    expect(tooMany.body).toEqual({
      errors: { filters: [expect.stringContaining(`at most ${LIMITS.listFiltersMax}`)] },
    });
    const tooManyValues = await api.request(
      `GET /trips?filters=${q([inFilter(LIMITS.listInValuesMax + 1)])}`,
      { key },
    );
    expect(tooManyValues.body).toEqual({ errors: { filters: [expect.any(String)] } });
    const issue = await api.graphql(
      'query($f: [ListFilterInput!]) { trips(filters: $f) { totalCount } }',
      { f: Array(2000).fill(inFilter(100)) },
      { key },
    );
    expect(issue.body.errors[0].extensions).toEqual({
      code: 'validation_failed',
      errors: { filters: [expect.any(String)] },
    });
    const longTerm = await api.request(
      `GET /trips?search=${q({ term: 'x'.repeat(LIMITS.listSearchTermMax + 1) })}`,
      { key },
    );
    expect(longTerm.body).toEqual({ errors: { search: [expect.any(String)] } });
  });
});
