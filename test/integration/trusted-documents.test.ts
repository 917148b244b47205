// Trusted documents on /graphql (issue 29), over HTTP: named by `documentId` or by Apollo's
// persisted-query extension, by POST (run directly) and GET (through Yoga) alike; the mode of
// each caller class; unknown ids; and documents clients send, which run directly once Yoga
// validated them, still within the cost budget and the other checks of each request.
import fs from 'node:fs';
import path from 'node:path';
import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { DOCUMENTS_DIR, documentHash, readManifest } from '../../src/graphql/trusted-documents.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, TEST_ENV, type TestService } from '../helpers/service.ts';

const codes = (body: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  (body.errors ?? []).map((e) => e.extensions?.code);

/** What a front-end computes from its own copy of a document: the hash of graphql-js's print. */
const idOf = (file: string) =>
  documentHash(print(parse(fs.readFileSync(path.join(DOCUMENTS_DIR, file), 'utf8'))));
const TRIP = idOf('trip-builder/trip.graphql');
const STATUS = idOf('public/status.graphql');
const PUBLIC_CATALOG = idOf('public/public-catalog.graphql');
const TRIPS_CONNECTION = idOf('trip-builder/trips-connection.graphql');

describe('trusted documents, anonymous callers limited to them', () => {
  let api: TestService;
  let account: AccountFixture;
  let tripId: number;
  let catalogSlug: string;
  beforeAll(async () => {
    api = await startTestApp({ GRAPHQL_ANONYMOUS_DOCUMENTS: 'trusted' });
    account = await anAccount(api.prisma);
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: 'Porto and the Douro' },
    });
    tripId = trip.body.id;
    const catalog = await api.request('POST /catalogs', {
      key: account.owner.key,
      body: { title: 'Portugal', isPublic: true, tripIds: [tripId] },
    });
    catalogSlug = catalog.body.slug;
  });
  afterAll(async () => {
    await api?.stop();
  });

  const post = (body: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
    api.request('POST /graphql', { ...options, body });

  it('the manifest holds every document of documents/, by the hash a client computes', () => {
    const manifest = readManifest();
    for (const id of [TRIP, STATUS, PUBLIC_CATALOG, TRIPS_CONNECTION])
      expect(manifest[id]).toBeDefined();
    expect(manifest[TRIP]).toMatch(/^query Trip\(\$id: Int!\)/);
  });

  it('a trusted document by documentId answers the same read as REST', async () => {
    const rest = await api.request(`GET /trips/${tripId}`, { key: account.owner.key });
    const res = await post(
      { documentId: `sha256:${TRIP}`, variables: { id: tripId } },
      { key: account.owner.key },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ data: { trip: rest.body } });
  });

  it("Apollo's persisted-query extension, GET and POST, JSON and graphql-response+json all answer alike", async () => {
    const variables = { idOrSlug: catalogSlug, pageSize: 100 };
    const byId = await post({ documentId: `sha256:${PUBLIC_CATALOG}`, variables });
    expect(byId.status).toBe(200);
    expect(byId.body.data.publicCatalog.trips.data.map((t: { id: number }) => t.id)).toEqual([
      tripId,
    ]);
    const extensions = { persistedQuery: { version: 1, sha256Hash: PUBLIC_CATALOG } };
    expect((await post({ variables, extensions })).body).toEqual(byId.body);
    // GET goes through Yoga (and its persisted-operations plugin): the same answer.
    const query = new URLSearchParams({
      documentId: `sha256:${PUBLIC_CATALOG}`,
      variables: JSON.stringify(variables),
    });
    const get = await api.request(`GET /graphql?${query}`, {
      headers: { accept: 'application/json' },
    });
    expect(get.status).toBe(200);
    expect(get.body).toEqual(byId.body);
    const gqlResponse = await post(
      { documentId: `sha256:${PUBLIC_CATALOG}`, variables },
      { headers: { accept: 'application/graphql-response+json, application/json' } },
    );
    expect(gqlResponse.headers.get('content-type')).toBe(
      'application/graphql-response+json; charset=utf-8',
    );
    expect(gqlResponse.body).toEqual(byId.body);
  });

  it('domain errors of a trusted document keep their code, as on Yoga', async () => {
    const direct = await post(
      { documentId: `sha256:${TRIP}`, variables: { id: 999_999 } },
      {
        key: account.owner.key,
      },
    );
    expect(direct.status).toBe(200);
    expect(codes(direct.body)).toEqual(['not_found']);
    const viaYoga = await api.request(
      `GET /graphql?${new URLSearchParams({ documentId: `sha256:${TRIP}`, variables: '{"id":999999}' })}`,
      { key: account.owner.key, headers: { accept: 'application/json' } },
    );
    expect(viaYoga.body).toEqual(direct.body);
    // Without a key the trip field asks for one: the same refusal as for any document.
    const anonymous = await post({ documentId: `sha256:${TRIP}`, variables: { id: tripId } });
    expect(codes(anonymous.body)).toEqual(['missing_api_key']);
  });

  it('an unknown or malformed id is a GraphQL error that says how to name a document', async () => {
    const unknown = `sha256:${'0'.repeat(64)}`;
    for (const body of [
      { documentId: unknown },
      { documentId: 'abc' },
      { extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(codes(res.body)).toEqual(['unknown_document']);
      expect(res.body.errors[0].message).toContain('trusted-documents.json');
      expect(res.body.data).toBeUndefined();
    }
    expect((await post({ documentId: unknown })).body.errors[0].message).toContain(
      `"${'0'.repeat(64)}"`,
    );
    const neither = await post({ variables: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].message).toMatch(/query string or a trusted document's id/);
  });

  it('without credentials a document of their own is refused, with credentials it runs', async () => {
    const query = '{ status { status } }';
    const anonymous = await api.graphql(query);
    expect(anonymous.status).toBe(200);
    expect(codes(anonymous.body)).toEqual(['trusted_documents_only']);
    expect(anonymous.body.errors[0].message).toContain('documentId');
    expect(anonymous.body.data).toBeUndefined();
    // Twice: the second time the validated document runs directly, and is still refused.
    expect(codes((await api.graphql(query)).body)).toEqual(['trusted_documents_only']);
    const keyed = await api.graphql(query, {}, { key: account.owner.key });
    expect(keyed.body).toEqual({ data: { status: { status: 'ok' } } });
    // The trusted equivalent runs without a key.
    const trusted = await post({ documentId: `sha256:${STATUS}` });
    expect(trusted.body.data.status.status).toBe('ok');
  });

  it('GraphiQL is still served, and the anonymous trusted mutation stays one field', async () => {
    const page = await api.request('GET /graphql', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('documents clients send, run directly once validated', () => {
  let api: TestService;
  let account: AccountFixture;
  beforeAll(async () => {
    // A budget that 20 trips pass and 100 do not.
    api = await startTestApp({ GRAPHQL_COST_LIMIT: '200' });
    account = await anAccount(api.prisma);
    for (const title of ['Alpha', 'Beta', 'Gamma'])
      await api.request('POST /trips', { key: account.owner.key, body: { title } });
  });
  afterAll(async () => {
    await api?.stop();
  });

  const QUERY = `query Titles($first: Int, $search: ListSearchInput) {
    tripsConnection(first: $first, search: $search) { totalCount edges { node { id title } } } }`;
  const send = (variables: Record<string, unknown>) =>
    api.graphql(QUERY, variables, { key: account.owner.key });

  it('answer the same the first time (Yoga) and after (direct), within each request checks', async () => {
    const first = await send({ first: 20 });
    expect(first.body.data.tripsConnection.totalCount).toBe(3);
    const again = await send({ first: 20 });
    expect(again.body).toEqual(first.body);
    const filtered = await send({ first: 20, search: { term: 'gamma' } });
    expect(filtered.body.data.tripsConnection.edges.map((e: any) => e.node.title)).toEqual([
      'Gamma',
    ]);
    // The cost follows the variables of each request.
    const costly = await send({ first: 100 });
    expect(codes(costly.body)).toEqual(['query_too_costly']);
    expect(costly.body.errors[0].extensions).toMatchObject({ budget: 200 });
    // So does the storable-text check of the variables.
    const nul = await send({ first: 5, search: { term: 'a\u0000b' } });
    expect(codes(nul.body)).toEqual(['validation_failed']);
    // A variable of the wrong type is execution's error, as on Yoga.
    const wrong = await send({ first: 'many' });
    expect(codes(wrong.body)).toEqual(['validation_failed']);
  });

  it('a document that fails validation is never kept: each request is refused again', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await api.graphql('{ trip(id: 1) { nope } }', {}, { key: account.owner.key });
      expect(res.body.errors[0].message).toMatch(/Cannot query field "nope"/);
    }
  });
});

describe('the mode of each caller class', () => {
  it('defaults: trusted documents only without credentials in production, any with them', () => {
    const production = loadConfig({ ...TEST_ENV, NODE_ENV: 'production' }).graphql.documents;
    expect(production).toEqual({ anonymous: 'trusted', keyed: 'any' });
    expect(loadConfig({ ...TEST_ENV, NODE_ENV: 'development' }).graphql.documents).toEqual({
      anonymous: 'any',
      keyed: 'any',
    });
  });

  it('GRAPHQL_KEYED_DOCUMENTS=trusted refuses the documents of callers with credentials too', async () => {
    const api = await startTestApp({
      GRAPHQL_ANONYMOUS_DOCUMENTS: 'trusted',
      GRAPHQL_KEYED_DOCUMENTS: 'trusted',
    });
    try {
      const account = await anAccount(api.prisma);
      const own = await api.graphql('{ status { status } }', {}, { key: account.owner.key });
      expect(codes(own.body)).toEqual(['trusted_documents_only']);
      const trusted = await api.request('POST /graphql', {
        key: account.owner.key,
        body: { documentId: `sha256:${STATUS}` },
      });
      expect(trusted.body.data.status.status).toBe('ok');
    } finally {
      await api.stop();
    }
  });
});
