// The documented error bodies, body size limits (413), rate limits (429 with RateLimit headers
// and Retry-After), request ids, and the itty-router trap of request headers leaking into responses.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, startTestService, type TestService } from '../helpers/service.ts';

describe('errors and request ids', () => {
  let api: TestService;
  let account: AccountFixture;
  beforeAll(async () => {
    // With its listener: one test streams a chunked body over a socket.
    api = await startTestService();
    account = await anAccount(api.prisma);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('404 not_found for an unknown path', async () => {
    const res = await api.request('GET /no/such/path', { key: account.owner.key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('400 with the validation body for malformed or missing JSON', async () => {
    const malformed = await api.request('POST /api-keys', {
      key: account.owner.key,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ errors: { body: [expect.any(String)] } });
    const notObject = await api.request('POST /api-keys', { key: account.owner.key, body: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors).toBeDefined();
  });

  it('413 payload_too_large past 1 MB, whether or not Content-Length announces it', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    const announced = await api.request('POST /api-keys', {
      key: account.owner.key,
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(announced.status).toBe(413);
    expect(announced.body).toEqual({
      error: { code: 'payload_too_large', message: expect.any(String) },
    });

    // Chunked, no Content-Length: the server stops reading at the limit, answers 413 and closes.
    const streamed = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${api.url}/api-keys`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${account.owner.key}`,
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      for (let offset = 0; offset < big.length; offset += 64 * 1024)
        request.write(big.slice(offset, offset + 64 * 1024));
      request.end();
    });
    expect(streamed).toBe(413);
    expect(await api.prisma.apiKey.count({ where: { accountId: account.accountId } })).toBe(1);
  });

  it('413 on /graphql too', async () => {
    const res = await api.request('POST /graphql', {
      key: account.owner.key,
      rawBody: JSON.stringify({ query: `{ viewer { role } } #${'x'.repeat(6 * 1024 * 1024)}` }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('echoes a valid X-Request-Id and makes one otherwise', async () => {
    const given = await api.request('GET /status', { headers: { 'x-request-id': 'req-123.abc' } });
    expect(given.headers.get('x-request-id')).toBe('req-123.abc');
    const made = await api.request('GET /status', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never copies a request header into a response', async () => {
    const probe = { 'x-leak-probe': 'secret-value', cookie: 'session=abc' };
    for (const route of ['GET /status', 'GET /api-keys', 'GET /nowhere', 'POST /graphql']) {
      const res = await api.request(route, {
        key: account.owner.key,
        headers: probe,
        ...(route.endsWith('graphql') ? { body: { query: '{ viewer { role } }' } } : {}),
      });
      const names = [...res.headers.keys()];
      expect(names, route).not.toContain('authorization');
      expect(names, route).not.toContain('x-leak-probe');
      expect(names, route).not.toContain('cookie');
      expect(res.text, route).not.toContain(account.owner.key);
    }
  });
});

describe('rate limits', () => {
  let api: TestService;
  let account: AccountFixture;
  beforeAll(async () => {
    api = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3', PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    account = await anAccount(api.prisma);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('per key: RateLimit headers count down, then 429 rate_limited with Retry-After', async () => {
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.request('GET /api-keys', { key: account.owner.key });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await api.request('GET /api-keys', { key: account.owner.key });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');

    // Another key of the same account has its own budget.
    const other = await api.request('POST /graphql', {
      key: (await anAccount(api.prisma)).owner.key,
      body: { query: '{ viewer { role } }' },
    });
    expect(other.status).toBe(200);
  });

  it('one budget for every API process: a second process on the same database spends the same one', async () => {
    const second = await startTestApp({
      DATABASE_URL: api.databaseUrl,
      RATE_LIMIT_PER_MINUTE: '3',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '2',
    });
    try {
      const key = (await anAccount(api.prisma)).owner.key;
      const answers = [];
      for (const service of [api, second, api, second]) {
        const res = await service.request('GET /api-keys', { key });
        answers.push(`${res.status} ${res.headers.get('ratelimit-remaining')}`);
      }
      expect(answers).toEqual(['200 2', '200 1', '200 0', '429 0']);
    } finally {
      await second.stop();
    }
  });

  it('per IP on public calls (failed authentications have a budget of their own: auth-hardening.test.ts)', async () => {
    expect((await api.request('GET /status')).status).toBe(200);
    expect((await api.request('GET /status')).status).toBe(200);
    // Without TRUST_PROXY, a forged X-Forwarded-For does not buy a fresh budget.
    const limited = await api.request('GET /status', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit-limit')).toBe('2');
  });
});
