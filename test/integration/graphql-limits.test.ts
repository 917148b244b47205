// The limits of POST /graphql (issue 15), over HTTP: each refusal is a GraphQL error with its
// `extensions.code`, decided before any resolver runs (nothing is written, no trip is read).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, LIMITS } from '../../src/config/constants.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const codes = (body: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  (body.errors ?? []).map((e) => e.extensions?.code);
const aliases = (n: number, field: string) =>
  Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');

describe('GraphQL limits', () => {
  let api: TestService;
  let account: AccountFixture;
  let slug: string;
  let catalogSlug: string;
  beforeAll(async () => {
    api = await startTestApp({ GRAPHQL_INTROSPECTION: 'false' });
    account = await anAccount(api.prisma);
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: 'Lisbon in spring' },
    });
    slug = trip.body.slug;
    const catalog = await api.request('POST /catalogs', {
      key: account.owner.key,
      body: { title: 'Public', isPublic: true, tripIds: [trip.body.id] },
    });
    catalogSlug = catalog.body.slug;
  });
  afterAll(async () => {
    await api?.stop();
  });

  it("the issue's 45,000 aliases: 413 without credentials, query_too_large at parse time with them", async () => {
    const query = `{ ${aliases(45_000, `publicCatalog(idOrSlug: "${catalogSlug}") { trips(pageSize: 100) { data { id title } } }`)} }`;
    expect(query.length).toBeGreaterThan(4_000_000);
    const anonymous = await api.graphql(query);
    expect(anonymous.status).toBe(413);
    expect(anonymous.body).toEqual({
      error: { code: 'payload_too_large', message: expect.any(String) },
    });
    const keyed = await api.graphql(query, {}, { key: account.owner.key });
    expect(codes(keyed.body)).toEqual(['query_too_large']);
    expect(keyed.body.errors[0].message).toContain(`Token limit of ${GRAPHQL_LIMITS.maxTokens}`);
    expect(keyed.body.data).toBeUndefined();
  });

  it('aliases, depth and directives each have their code', async () => {
    const manyAliases = await api.graphql(
      `{ ${aliases(GRAPHQL_LIMITS.maxAliases + 1, 'status { status }')} }`,
    );
    expect(codes(manyAliases.body)).toEqual(['too_many_aliases']);
    expect(
      (await api.graphql(`{ ${aliases(GRAPHQL_LIMITS.maxAliases, 'status { status }')} }`)).body
        .data.a0,
    ).toEqual({ status: 'ok' });

    // Armor measures the document before the fields are checked, so any nesting shows it.
    const nest = (levels: number) =>
      `{ ${Array.from({ length: levels }, (_, i) => `f${i} {`).join(' ')} leaf ${'} '.repeat(levels)}}`;
    expect(codes((await api.graphql(nest(GRAPHQL_LIMITS.maxDepth + 1))).body)).toEqual([
      'query_too_deep',
    ]);
    const deepest = await api.graphql(
      '{ catalogsConnection { edges { node { trips { edges { node { configuration { etag } } } } } } } }',
      {},
      { key: account.owner.key },
    );
    expect(deepest.body.errors).toBeUndefined();

    const directives = Array.from(
      { length: GRAPHQL_LIMITS.maxDirectives + 1 },
      () => '@include(if: true)',
    ).join(' ');
    const manyDirectives = await api.graphql(`{ status ${directives} { status } }`);
    expect(codes(manyDirectives.body)).toEqual(['too_many_directives']);
  });

  it('cost: pageSize multiplies what a list selects; the budget without credentials is lower', async () => {
    const page = 'trips(pageSize: 100) { data { id title configuration { document } } }';
    const one = await api.graphql(`{ ${page} }`, {}, { key: account.owner.key });
    expect(one.body.errors).toBeUndefined();
    const five = await api.graphql(`{ ${aliases(5, page)} }`, {}, { key: account.owner.key });
    expect(codes(five.body)).toEqual(['query_too_costly']);
    expect(five.body.errors[0].extensions).toMatchObject({
      budget: 10_000,
      cost: expect.any(Number),
    });
    expect(five.body.errors[0].extensions.cost).toBeGreaterThan(10_000);
    // The same five pages of 5 are cheap: the size is what costs.
    const small = await api.graphql(
      `{ ${aliases(5, 'trips(pageSize: 5) { data { id title configuration { document } } }')} }`,
      {},
      { key: account.owner.key },
    );
    expect(small.body.errors).toBeUndefined();
    // Variables count as literals do.
    const byVariable = await api.graphql(
      `query($n: Int) { ${aliases(5, 'trips(pageSize: $n) { data { id title configuration { document } } }')} }`,
      { n: 100 },
      { key: account.owner.key },
    );
    expect(codes(byVariable.body)).toEqual(['query_too_costly']);

    const publicPage = `publicCatalog(idOrSlug: "${catalogSlug}") { title trips(pageSize: 100) { data { id title slug seoDescription duration dateStart dateFinish countries imageUrl createdAt } } }`;
    expect(
      (await api.graphql(`{ ${publicPage} }`)).body.data.publicCatalog.trips.data,
    ).toHaveLength(1);
    const two = await api.graphql(`{ ${aliases(2, publicPage)} }`);
    expect(codes(two.body)).toEqual(['query_too_costly']);
    expect(two.body.errors[0].extensions.budget).toBe(2_000);
    expect(
      (await api.graphql(`{ ${aliases(2, publicPage)} }`, {}, { key: account.owner.key })).body
        .errors,
    ).toBeUndefined();
  });

  it('recordTripView once a request; an anonymous mutation holds one field', async () => {
    const twice = await api.graphql(
      `mutation { a: recordTripView(slug: "${slug}", viewerId: "v1") { counted } b: recordTripView(slug: "${slug}", viewerId: "v2") { counted } }`,
    );
    expect(codes(twice.body)).toContain('too_many_mutations');
    const viaFragment = await api.graphql(
      `mutation { ...V a: recordTripView(slug: "${slug}", viewerId: "v3") { counted } } fragment V on Mutation { recordTripView(slug: "${slug}", viewerId: "v4") { counted } }`,
      {},
      { key: account.owner.key },
    );
    expect(codes(viaFragment.body)).toContain('too_many_mutations');
    const tokens = await api.graphql(
      `mutation { a: issueMachineToken(clientId: "mc_x", clientSecret: "a") { accessToken } b: issueMachineToken(clientId: "mc_x", clientSecret: "b") { accessToken } }`,
    );
    expect(codes(tokens.body)).toEqual(['too_many_mutations']);
    const trip = await api.prisma.trip.findFirstOrThrow({ where: { slug } });
    expect(trip.visualizations).toBe(0);
    const once = await api.graphql(
      `mutation { recordTripView(slug: "${slug}", viewerId: "v5") { counted visualizations } }`,
    );
    expect(once.body.errors).toBeUndefined();
    expect(once.body.data.recordTripView).toEqual({ counted: true, visualizations: 1 });
  });

  it('introspection and field suggestions are off when GRAPHQL_INTROSPECTION=false (the production default)', async () => {
    const schema = await api.graphql(
      '{ __schema { types { name } } }',
      {},
      { key: account.owner.key },
    );
    expect(codes(schema.body)).toEqual(['introspection_disabled']);
    const type = await api.graphql('{ __type(name: "Trip") { name } }');
    expect(codes(type.body)).toEqual(['introspection_disabled']);
    expect((await api.graphql('{ status { __typename } }')).body.data.status.__typename).toBe(
      'Status',
    );
    const typo = await api.graphql('{ status { statuss } }');
    expect(typo.body.errors[0].message).not.toMatch(/Did you mean/);
  });

  it('an anonymous body is bounded at 64 KB', async () => {
    const res = await api.graphql(
      `{ status { status } } #${'x'.repeat(LIMITS.anonymousGraphqlBodyBytes)}`,
    );
    expect(res.status).toBe(413);
    expect(
      (
        await api.graphql(
          `{ status { status } } #${'x'.repeat(LIMITS.anonymousGraphqlBodyBytes)}`,
          {},
          { key: account.owner.key },
        )
      ).body.data.status.status,
    ).toBe('ok');
  });
});

describe('GraphQL time budget', () => {
  let api: TestService;
  let account: AccountFixture;
  beforeAll(async () => {
    api = await startTestApp({ GRAPHQL_TIMEOUT_MS: '1' });
    account = await anAccount(api.prisma);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('past GRAPHQL_TIMEOUT_MS the remaining fields do not run, and the pool serves the next request', async () => {
    // Mutations run one field after the other: the first outlasts the 1 ms budget, the rest never start.
    const mutation = `mutation { ${aliases(10, 'createTrip(input: {title: "Budget"}) { id }')} }`;
    const res = await api.graphql(mutation, {}, { key: account.owner.key });
    expect(codes(res.body)).toContain('operation_timeout');
    expect(
      res.body.errors.find((e: any) => e.extensions?.code === 'operation_timeout').message,
    ).toMatch(/budget of 1 ms/);
    const created = await api.prisma.trip.count({ where: { accountId: account.accountId } });
    expect(created).toBeGreaterThanOrEqual(0);
    expect(created).toBeLessThan(10);
    // Every connection went back: a pool of 10 serves 20 reads at once.
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => api.request('GET /trips', { key: account.owner.key })),
    );
    expect(reads.map((r) => r.status)).toEqual(Array(20).fill(200));
  });
  it('HTTP refusals of /graphql: 415 and 405 in the service error body, forms refused, ill-formed requests a 400', async () => {
    const post = (body: string, headers: Record<string, string>) =>
      api.request('POST /graphql', { key: account.owner.key, rawBody: body, headers });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const res = await post('query=%7B__typename%7D', { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(res.body, type).toEqual({
        error: {
          code: 'unsupported_media_type',
          message: `Content-Type ${type} is not accepted here: send the body as application/json.`,
        },
      });
    }
    const put = await api.request('PUT /graphql', { body: { query: '{ __typename }' } });
    expect([put.status, put.headers.get('allow'), put.body.error?.code]).toEqual([
      405,
      'GET, HEAD, POST, OPTIONS',
      'method_not_allowed',
    ]);
    // Not well-formed GraphQL-over-HTTP requests: a 4xx whatever the client accepts.
    for (const accept of ['application/json', 'application/graphql-response+json'])
      for (const body of ['{}', '{nope', '{"query":123}']) {
        const res = await post(body, { 'content-type': 'application/json', accept });
        expect(res.status, `${accept} ${body}`).toBe(400);
        expect(res.body.errors[0].extensions.code, body).toBe('BAD_REQUEST');
      }
    // A well-formed request whose document fails to validate stays a 200 for application/json.
    const invalid = await post('{"query":"{ nope }"}', { 'content-type': 'application/json' });
    expect(invalid.status).toBe(200);
    const ok = await post('{"query":"{ __typename }"}', { 'content-type': 'application/json' });
    expect(ok.body).toEqual({ data: { __typename: 'Query' } });
  });
});
