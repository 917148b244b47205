// startTestApp() stands in for the listeners in most suites, so it must answer as they do: the
// same requests, sent to one service with listeners and to one in process on the same database,
// get the same status, headers and body (test/helpers/in-process-fetch.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, startTestService, type TestService } from '../helpers/service.ts';

let listening: TestService;
let inProcess: TestService;
let account: AccountFixture;
let tripId: number;

beforeAll(async () => {
  listening = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000', GRAPHIQL: 'true' });
  inProcess = await startTestApp({
    DATABASE_URL: listening.databaseUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
    GRAPHIQL: 'true',
  });
  account = await anAccount(listening.prisma);
  tripId = (
    await listening.request('POST /trips', { key: account.owner.key, body: { title: 'Both ways' } })
  ).body.id;
});
afterAll(async () => {
  await inProcess?.stop();
  await listening?.stop();
});

/** What the socket adds (or the budget spends) and a handler cannot know. */
const TRANSPORT = new Set([
  'keep-alive',
  'date',
  'content-length',
  'transfer-encoding',
  'x-request-id',
  'ratelimit-remaining',
  'ratelimit-reset',
]);

async function seen(service: TestService, base: 'url' | 'ai', path: string, init: RequestInit) {
  const origin = base === 'url' ? service.url : service.running.aiUrl;
  const res = await service.fetch(`${origin}${path}`, init);
  // Connection is the socket's, but for the app's own `close` (an unread body): Node closes
  // after any HEAD answer too.
  const socket = (name: string, value: string) =>
    TRANSPORT.has(name) ||
    (name === 'connection' && (value === 'keep-alive' || init.method === 'HEAD'));
  const headers = [...res.headers].filter(([name, value]) => !socket(name, value));
  return { status: res.status, headers, body: await res.text() };
}

describe('in process and over a listener', () => {
  const key = () => ({ authorization: `Bearer ${account.owner.key}` });
  const cases: Array<[string, 'url' | 'ai', string, () => RequestInit]> = [
    ['a public GET', 'url', '/status', () => ({})],
    ['an authenticated GET', 'url', '/trips?pageSize=5', () => ({ headers: key() })],
    ['a trip', 'url', '/trips/TRIP', () => ({ headers: key() })],
    ['a HEAD', 'url', '/livez', () => ({ method: 'HEAD' })],
    ['a probe', 'url', '/readyz', () => ({})],
    ['an unknown path', 'url', '/nowhere', () => ({ headers: key() })],
    [
      'a JSON body',
      'url',
      '/graphql',
      () => ({
        method: 'POST',
        headers: { ...key(), 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { role } }' }),
      }),
    ],
    [
      'a form body',
      'url',
      '/oauth/token',
      () => ({ method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) }),
    ],
    [
      'a text body without a type',
      'url',
      '/trips',
      () => ({ method: 'POST', headers: key(), body: '{"title":"x"' }),
    ],
    [
      'a body announced too large',
      'url',
      '/trips',
      () => ({
        method: 'POST',
        headers: { ...key(), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    ],
    [
      'a folded header',
      'url',
      '/trips',
      () => ({ headers: { ...key(), 'x-on-behalf-of': 'a@example.com, b@example.com' } }),
    ],
    ['a gzipped file', 'url', '/docs/swagger-ui.css', () => ({})],
    ['a page by Accept', 'url', '/graphql', () => ({ headers: { accept: 'text/html' } })],
    [
      'a preflight',
      'url',
      '/trips',
      () => ({
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
    ],
    ['the AI listener', 'ai', '/status', () => ({})],
  ];

  it.each(cases)('%s: same status, headers and body', async (_name, base, path, init) => {
    const target = path.replace('TRIP', String(tripId));
    const over = await seen(listening, base, target, init());
    const within = await seen(inProcess, base, target, init());
    expect(within).toEqual(over);
  });

  it('really is in process: its URL is no socket', async () => {
    expect(inProcess.running.apiUrl).toBe(inProcess.url);
    await expect(fetch(`${inProcess.url}/status`)).rejects.toThrow();
    expect((await inProcess.request('GET /status')).status).toBe(200);
  });
});
