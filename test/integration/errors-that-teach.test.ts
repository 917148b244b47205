// Errors that teach (issue 17, item 6): each refusal says what was wrong and what would be right,
// over HTTP: unknown query parameters, 405 with Allow, 415 with the accepted media types, product
// wording instead of zod's, "did you mean", JSON syntax errors with a position, examples in the
// list parameters' messages, and the missing scope or role named in a 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMachineClient, aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let key: string;
const json = { 'content-type': 'application/json' };
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

beforeAll(async () => {
  api = await startTestApp();
  account = await anAccount(api.prisma);
  key = account.owner.key;
});
afterAll(async () => {
  await api?.stop();
});

describe('query parameters', () => {
  it('an unknown one is a 400 naming it and the accepted ones, with a near miss suggested', async () => {
    await api.request('POST /trips', { key, body: { title: 'Rome', countries: ['ITA'] } });
    const res = await api.request('GET /trips?countries=ITA&pagesize=5', { key });
    expect(res.status).toBe(400);
    expect(res.body.errors.countries).toEqual([
      'countries is not a query parameter of GET /trips. It takes page, pageSize, filters, search, orderBy.',
    ]);
    expect(res.body.errors.pagesize[0]).toMatch(/Did you mean "pageSize"\?$/);
  });

  it('an operation without query parameters says it takes none; the documented ones still pass', async () => {
    const created = await api.request('POST /trips', { key, body: { title: 'Lisbon' } });
    const res = await api.request(`GET /trips/${created.body.id}?expand=config`, { key });
    expect(res.status).toBe(400);
    expect(res.body.errors.expand[0]).toContain('It takes none.');
    expect((await api.request('GET /trips?page=1&pageSize=5', { key })).status).toBe(200);
    expect((await api.request('GET /docs?utm_source=readme')).status).toBe(200);
  });

  it('the token endpoint ignores parameters it does not know, as RFC 6749 (3.2) says', async () => {
    const client = await aMachineClient(api.prisma, { accountId: account.accountId }, [
      'read:trips',
    ]);
    const res = await api.request('POST /oauth/token?audience=trips&foo=1', {
      rawBody: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
  });
});

describe('methods and media types', () => {
  it('a wrong method on a known path is a 405 with Allow and the error body', async () => {
    const res = await api.request('PUT /trips', { key, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(res.body).toEqual({
      error: {
        code: 'method_not_allowed',
        message: '/trips does not answer PUT. Use GET, POST or DELETE.',
      },
    });
    const literal = await api.request('GET /trips/bulk-delete', { key });
    expect([literal.status, literal.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    expect((await api.request('GET /no/such/path', { key })).status).toBe(404);
  });

  it('HEAD answers wherever GET does, as GET would, without the body (RFC 9110)', async () => {
    const trip = await api.request('POST /trips', { key, body: { title: 'Porto' } });
    for (const path of ['/status', `/trips/${trip.body.id}`, '/trips?pageSize=1', '/trips/0']) {
      const get = await api.request(`GET ${path}`, { key });
      const head = await api.request(`HEAD ${path}`, { key });
      expect(head.status, path).toBe(get.status);
      expect(head.text, path).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control'])
        expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
      expect(Number(head.headers.get('content-length')), path).toBe(Buffer.byteLength(get.text));
    }
    expect((await api.request('HEAD /trips/999999', { key })).status).toBe(404);
    expect((await api.request('HEAD /trips')).status).toBe(401);
    const literal = await api.request('HEAD /trips/bulk-delete', { key });
    expect([literal.status, literal.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
  });

  it('OPTIONS without a CORS preflight is a 204 listing the methods of the path', async () => {
    const cases = {
      '/trips': 'GET, HEAD, POST, DELETE, OPTIONS',
      '/trips/1': 'GET, HEAD, PATCH, DELETE, OPTIONS',
      '/trips/bulk-delete': 'POST, OPTIONS',
      '/status': 'GET, HEAD, OPTIONS',
      '/graphql': 'GET, HEAD, POST, OPTIONS',
    };
    for (const [path, allow] of Object.entries(cases)) {
      const res = await api.request(`OPTIONS ${path}`, { key });
      expect([res.status, res.headers.get('allow'), res.text], path).toEqual([204, allow, '']);
    }
    expect((await api.request('OPTIONS /no/such/path', { key })).status).toBe(404);
  });

  it('a path under a known first segment that no route serves is the same 404 as an unknown one', async () => {
    // Routes are grouped by their first segment: each group ends with the catch-all 404.
    for (const path of ['/trips/1/nothing-here', '/status/extra', '/no-such-segment', '//trips'])
      expect((await api.request(`GET ${path}`, { key })).body, path).toEqual({
        error: { code: 'not_found', message: `No route for GET ${path}.` },
      });
    expect((await api.request('GET /trips/', { key })).status).toBe(200);
  });

  it('a body of another media type is a 415 naming the accepted ones; PATCH config lists merge-patch in Accept-Patch', async () => {
    const form = await api.request('POST /trips', {
      key,
      rawBody: 'title=Rome',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({
      error: {
        code: 'unsupported_media_type',
        message:
          'Content-Type application/x-www-form-urlencoded is not accepted here: send the body as application/json.',
      },
    });
    const text = await api.request('POST /trips', {
      key,
      rawBody: '{"title":"Rome"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const trip = await api.request('POST /trips', { key, body: { title: 'Paris' } });
    const patch = await api.request(`PATCH /trips/${trip.body.id}/config`, {
      key,
      rawBody: '[{"op":"replace","path":"/theme","value":{}}]',
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(patch.status).toBe(415);
    expect(patch.body.error.message).toContain('application/merge-patch+json or application/json');
    expect(patch.headers.get('accept-patch')).toBe(
      'application/merge-patch+json, application/json',
    );
    const merge = await api.request(`PATCH /trips/${trip.body.id}/config`, {
      key,
      rawBody: '{"settings":{"currency":"EUR"}}',
      headers: { 'content-type': 'application/merge-patch+json; charset=utf-8' },
    });
    expect(merge.status).toBe(200);
    // A body without a Content-Type is still read as JSON.
    const bare = await api.fetch(`${api.url}/trips`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: new Blob(['{"title":"Bare"}']),
    });
    expect(bare.status).toBe(201);
  });
});

describe('bodies', () => {
  it('zod issues read as product sentences, with an example', async () => {
    const bulk = await api.request('POST /catalogs', {
      key,
      body: { title: 'Picks', tripIds: 'all' },
    });
    expect(bulk.body.errors.tripIds).toEqual([
      'tripIds must be an array of trip ids, not a string, e.g. [12, 15].',
    ]);
    const trip = await api.request('POST /trips', {
      key,
      body: { title: 'Rome', countries: 'ITA', visibility: 'pubic', seoDescription: 5 },
    });
    expect(trip.status).toBe(400);
    expect(trip.body.errors).toEqual({
      countries: ['countries must be an array of strings, not a string, e.g. ["ITA","FRA"].'],
      visibility: ['visibility must be one of "public", "private". Did you mean "public"?'],
      seoDescription: ['seoDescription must be a string, not an integer.'],
    });
    expect(JSON.stringify(trip.body)).not.toMatch(/Invalid input|Invalid option|expected/);
  });

  it('an unknown field suggests the near miss', async () => {
    const res = await api.request('POST /trips', {
      key,
      body: { title: 'Rome', startDate: '2026-05-01' },
    });
    expect(res.body).toEqual({
      errors: { startDate: ['This field is not accepted. Did you mean "dateStart"?'] },
    });
  });

  it('malformed JSON names the line, the column and the token', async () => {
    const res = await api.request('POST /trips', {
      key,
      rawBody: '{\n  "title": "Rome",\n  "duration": ,\n}',
      headers: json,
    });
    expect(res.body).toEqual({
      errors: { body: ["The body is not valid JSON: unexpected ',' at line 3, column 15."] },
    });
    const cut = await api.request('POST /trips', {
      key,
      rawBody: '{"title": "Rome"',
      headers: json,
    });
    expect(cut.body.errors.body[0]).toBe(
      'The body is not valid JSON: it ends too early (line 1, column 17).',
    );
  });
});

describe('GraphQL, where it applies', () => {
  it('a body that is not JSON gives its position; a refused mutation names the permission', async () => {
    const res = await api.request('POST /graphql', {
      key,
      rawBody: '{"query": "{ viewer { role } }",}',
      headers: json,
    });
    expect(res.body.errors[0].message, JSON.stringify(res.body)).toBe(
      "POST body sent invalid JSON: unexpected '}' at line 1, column 33.",
    );
    expect((await api.graphql('{ viewer { role } }', {}, { key })).body.data.viewer.role).toBe(
      'owner',
    );
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    const denied = await api.graphql(
      'mutation { createTrip(input: {title: "No"}) { id } }',
      {},
      { key: viewer.key },
    );
    expect(denied.body.errors[0].extensions.code).toBe('forbidden');
    expect(denied.body.errors[0].message).toContain(
      'create:trips, which the viewer role does not have',
    );
  });
});

describe('list parameters', () => {
  it('search, filters and orderBy messages carry an example and suggest near misses', async () => {
    const search = await api.request('GET /trips?search=rome', { key });
    expect(search.body.errors.search[0]).toMatch(
      /^search must be JSON-encoded, e\.g\. search=\{"term":"rome"\}; here: unexpected 'rome' at line 1, column 1\.$/,
    );
    const shape = await api.request(`GET /trips?orderBy=${q(['dateStart'])}`, { key });
    expect(shape.body.errors.orderBy[0]).toContain(
      'e.g. orderBy={"field":"createdAt","direction":"desc"}',
    );
    const order = await api.request(`GET /trips?orderBy=${q({ field: 'startDate' })}`, { key });
    expect(order.body.errors.orderBy[0]).toContain(
      'unknown field "startDate". Did you mean "dateStart"?',
    );
    const filter = await api.request(
      `GET /trips?filters=${q([
        { field: 'dateStart', operator: 'greater', value: '2026-01-01' },
        { field: 'startDate', operator: 'gt', value: 1 },
      ])}`,
      { key },
    );
    expect(filter.body.errors.filters[0]).toContain(
      'operator "greater" does not apply to dateStart.',
    );
    const field = await api.request(
      `GET /trips?filters=${q([{ field: 'startDate', operator: 'gt', value: '2026-01-01' }])}`,
      { key },
    );
    expect(field.body.errors.filters[0]).toContain('Did you mean "dateStart"?');
    const fields = await api.request(
      `GET /trips?search=${q({ term: 'rome', fields: ['titel'] })}`,
      { key },
    );
    expect(fields.body.errors.search[0]).toContain('Did you mean "title"?');
  });
});

describe('403', () => {
  it('names the role needed for an API key, and the scope a machine token lacks', async () => {
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    const res = await api.request('POST /trips', { key: viewer.key, body: { title: 'Nope' } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      'This needs the permission create:trips, which the viewer role does not have (owner, admin and agent do).',
    );

    const client = await aMachineClient(api.prisma, { accountId: account.accountId }, [
      'read:trips',
    ]);
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    const token = (
      await api.request('POST /oauth/token', {
        rawBody: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).body.access_token;
    const denied = await api.request('POST /trips', {
      key: token,
      body: { title: 'Nope' },
      headers: { 'x-on-behalf-of': account.owner.email },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain('lacks the scope create:trips');
  });
});
