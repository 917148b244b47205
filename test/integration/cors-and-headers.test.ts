// CORS by allow-list and security headers, over HTTP (issue 15, item 4): listed origins get their
// own origin back with credentials, on REST and /graphql alike; any other origin gets no
// Access-Control-* header (Yoga used to reflect any Origin with credentials); preflights are
// answered for listed origins and refused otherwise. Every answer carries nosniff and a
// Referrer-Policy; /docs and GraphiQL get a policy of exactly what they load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const APP = 'https://app.example.com';
const EVIL = 'https://evil.example';
let api: TestService;
let account: AccountFixture;

beforeAll(async () => {
  api = await startTestApp({
    CORS_ORIGINS: `${APP}/, http://localhost:5173`,
    GRAPHIQL: 'true',
  });
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

const preflight = (path: string, origin: string, method = 'PATCH') =>
  api.fetch(`${api.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, x-on-behalf-of',
    },
  });
const corsHeaders = (headers: Headers) =>
  [...headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('CORS', () => {
  it.each(['/trips/1', '/graphql'])(
    'a preflight to %s from a listed origin: 204 with that origin, credentials, methods and headers',
    async (path) => {
      const res = await preflight(path, APP);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(APP);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')?.split(', ')).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      );
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase().split(', ')).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'if-match', 'x-on-behalf-of']),
      );
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(res.headers.get('vary')).toContain('Origin');
    },
  );

  it.each(['/trips/1', '/graphql'])(
    'a preflight to %s from any other origin: 403 without any Access-Control header',
    async (path) => {
      for (const origin of [EVIL, 'null', `${APP}.evil.example`, 'http://app.example.com']) {
        const res = await preflight(path, origin);
        expect(res.status, origin).toBe(403);
        expect(corsHeaders(res.headers), origin).toEqual([]);
        expect(await res.json()).toEqual({
          error: { code: 'forbidden', message: expect.any(String) },
        });
      }
    },
  );

  it('REST: a listed origin reads the answer with credentials and the exposed headers; another origin gets no CORS header', async () => {
    const listed = await api.request('GET /trips', {
      key: account.owner.key,
      headers: { origin: APP },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(listed.headers.get('access-control-expose-headers')).toMatch(
      /RateLimit-Remaining.*Retry-After.*X-Request-Id/,
    );
    const other = await api.request('GET /trips', {
      key: account.owner.key,
      headers: { origin: EVIL },
    });
    expect(other.status).toBe(200);
    expect(corsHeaders(other.headers)).toEqual([]);
    expect(other.headers.get('vary')).toContain('Origin');
  });

  it('GraphQL: the same rules on POST /graphql, errors included (no reflected origin)', async () => {
    const listed = await api.graphql(
      '{ viewer { role } }',
      {},
      { key: account.owner.key, headers: { origin: 'http://localhost:5173' } },
    );
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    for (const res of [
      await api.graphql(
        '{ viewer { role } }',
        {},
        { key: account.owner.key, headers: { origin: EVIL } },
      ),
      await api.graphql('{ viewer { role } }', {}, { headers: { origin: EVIL } }),
    ]) {
      expect(res.status).toBe(200);
      expect(corsHeaders(res.headers)).toEqual([]);
    }
    const refused = await api.graphql(
      '{ viewer { role } }',
      {},
      { key: `ak_${'x'.repeat(40)}`, headers: { origin: APP } },
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('with CORS_ORIGINS unset (the default), no origin is allowed, GraphQL included', async () => {
    const closed = await startTestApp();
    try {
      const post = await closed.graphql('{ status { status } }', {}, { headers: { origin: EVIL } });
      expect(post.status).toBe(200);
      expect(corsHeaders(post.headers)).toEqual([]);
      const pre = await closed.fetch(`${closed.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: EVIL, 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(403);
      expect(corsHeaders(pre.headers)).toEqual([]);
    } finally {
      await closed.stop();
    }
  });
});

describe('security headers', () => {
  it.each([
    ['GET /status', {}],
    ['GET /trips', { key: 'with' }],
    ['GET /trips', {}],
    ['GET /nope', {}],
    ['GET /openapi.json', {}],
    ['POST /graphql', { body: { query: '{ status { status } }' } }],
    ['GET /docs/swagger-ui.css', {}],
  ] as const)(
    '%s: nosniff, Referrer-Policy, and a policy that allows nothing unless it is a page',
    async (route, options) => {
      const res = await api.request(route, {
        ...options,
        key: 'key' in options ? account.owner.key : undefined,
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    },
  );

  it('the AI listener too', async () => {
    const res = await api.fetch(`${api.running.aiUrl}/status`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it.each(['/livez', '/readyz'])(
    "the probe %s too, on both listeners, with a request id (its own, or the caller's)",
    async (path) => {
      for (const base of [api.url, api.running.aiUrl!]) {
        const res = await api.fetch(`${base}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('content-security-policy')).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        const named = await api.fetch(`${base}${path}`, {
          headers: { 'x-request-id': 'lb-probe-42' },
        });
        expect(named.headers.get('x-request-id')).toBe('lb-probe-42');
      }
    },
  );

  it('/docs: scripts and styles from us only, no inline script, and everything the page loads is allowed', async () => {
    const res = await api.fetch(`${api.url}/docs`);
    const html = await res.text();
    const policy = directives(res.headers.get('content-security-policy'));
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['connect-src']).toContain("'self'");
    expect(inlineScripts(html)).toEqual([]);
    for (const { kind, url } of loads(html, api.url)) {
      expect(allows(policy, kind, url, api.url), `${kind} ${url}`).toBe(true);
      expect((await api.fetch(url)).status, url).toBe(200);
    }
  });

  it('GraphiQL: served from our origin only; any inline block allowed by its hash and nothing else inline; what the page loads is allowed', async () => {
    const res = await api.fetch(`${api.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    const policy = directives(res.headers.get('content-security-policy'));
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['worker-src']).toEqual(["'self'"]); // Monaco's workers are files of ours (graphql/graphiql-page.ts)
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const script of scripts)
      expect(policy['script-src']).toContain(
        `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
      );
    for (const { kind, url } of loads(html, api.url))
      expect(allows(policy, kind, url, api.url), `${kind} ${url}`).toBe(true);
  });
});

function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes ?? ''))
    .map(([, , body]) => body!);
}

/** What a page loads by its markup: scripts, style sheets and icons. */
function loads(
  html: string,
  base: string,
): Array<{ kind: 'script-src' | 'style-src' | 'img-src'; url: string }> {
  const found: Array<{ kind: 'script-src' | 'style-src' | 'img-src'; url: string }> = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const url = /\s(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (!url) continue;
    const kind = tag.startsWith('<script')
      ? 'script-src'
      : /rel=["']?icon/i.test(tag)
        ? 'img-src'
        : 'style-src';
    found.push({ kind, url: new URL(url, base).toString() });
  }
  return found;
}

function allows(
  policy: Record<string, string[]>,
  kind: string,
  url: string,
  self: string,
): boolean {
  const sources = policy[kind] ?? policy['default-src'] ?? [];
  const { origin, protocol } = new URL(url);
  return sources.some(
    (source) =>
      (source === "'self'" && origin === new URL(self).origin) ||
      source === origin ||
      source === protocol,
  );
}
