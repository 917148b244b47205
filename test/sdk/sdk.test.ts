// The TypeScript SDK (sdk/, issue 28) against the real service over HTTP: typed operations and
// typed errors with their documented bodies, `for await` over list pages, idempotency keys and
// retries (through a local proxy that loses answers, drops connections and answers 429/503 the
// way a network and a busy service do), the AI import waited for and canceled with an
// AbortSignal, and verifyWebhook on real deliveries before and during a secret rotation.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AuthenticationError,
  createTripsClient,
  NotFoundError,
  PreconditionFailedError,
  RateLimitedError,
  ServerError,
  TripImportError,
  TripsApiError,
  type TripsClient,
  ValidationError,
  verifyWebhook,
} from '@trips/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let client: TripsClient;
let receiver: Receiver;

beforeAll(async () => {
  api = await startTestService({
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  account = await anAccount(api.prisma);
  client = createTripsClient({
    baseUrl: api.url,
    aiBaseUrl: api.running.aiUrl!,
    apiKey: account.owner.key,
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await api?.stop();
});

describe('typed operations and errors', () => {
  it('creates, reads, updates a trip and its configuration, with the documented types', async () => {
    const trip = await client.POST('/trips', {
      body: { title: 'Rome and Florence', duration: 8, countries: ['ITA'] },
    });
    expect(trip).toMatchObject({ id: expect.any(Number), title: 'Rome and Florence' });
    const read = await client.GET('/trips/{tripId}', { params: { path: { tripId: trip.id } } });
    expect(read.countries).toEqual(['ITA']);
    const updated = await client.PATCH('/trips/{tripId}', {
      params: { path: { tripId: trip.id } },
      body: { title: 'Rome, Florence and Siena' },
    });
    expect(updated.title).toBe('Rome, Florence and Siena');

    const config = await client.GET('/trips/{tripId}/config', {
      params: { path: { tripId: trip.id } },
    });
    expect(config.version).toBe('1.0.0');
    // A stale ETag: 412, as PreconditionFailedError with the documented body.
    const stale = await client
      .PATCH('/trips/{tripId}/config', {
        params: { path: { tripId: trip.id }, header: { 'If-Match': '"stale"' } },
        body: {},
      })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(PreconditionFailedError);
    expect(stale).toMatchObject({ status: 412, body: { error: { code: expect.any(String) } } });

    // Compile-time checks (npm run typecheck): paths, parameters and bodies are the documented ones.
    const typeChecks = () => {
      // @ts-expect-error: no such path
      void client.GET('/trip/{tripId}');
      // @ts-expect-error: the path parameter is required
      void client.GET('/trips/{tripId}', {});
      // @ts-expect-error: a title is a string
      void client.POST('/trips', { body: { title: 42 } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });

  it('throws a class per status carrying the documented error body and the request id', async () => {
    const missing = await client
      .GET('/trips/{tripId}', { params: { path: { tripId: 2_000_000_000 } } })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(TripsApiError);
    expect(missing).toMatchObject({
      status: 404,
      code: 'not_found',
      body: { error: { code: 'not_found', message: expect.any(String) } },
      requestId: expect.any(String),
    });

    const invalid = (await client
      .POST('/trips', { body: { title: '' } })
      .catch((error: unknown) => error)) as ValidationError;
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.fields)).toContain('title');

    const stranger = createTripsClient({ baseUrl: api.url, apiKey: 'ak_notakey' });
    const refused = await stranger.GET('/trips').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });
});

describe('pages', () => {
  it('`for await` walks every page of a list, from the page asked for', async () => {
    const own = await anAccount(api.prisma);
    const sdk = createTripsClient({ baseUrl: api.url, apiKey: own.owner.key });
    const titles = Array.from({ length: 7 }, (_, i) => `Paged trip ${i}`);
    for (const title of titles) await sdk.POST('/trips', { body: { title } });

    const seen: string[] = [];
    for await (const trip of sdk.paginate('/trips', { params: { query: { pageSize: 3 } } }))
      seen.push(trip.title);
    expect(seen.sort()).toEqual([...titles].sort());

    const pages = [];
    for await (const page of sdk.pages('/trips', { params: { query: { pageSize: 3, page: 2 } } }))
      pages.push([page.page, page.data.length]);
    expect(pages).toEqual([
      [2, 3],
      [3, 1],
    ]);

    // Compile-time checks: the paginated lists are those with the page envelope.
    const typeChecks = () => {
      void sdk.paginate('/catalogs/{id}/trips', { params: { path: { id: 1 } } });
      void sdk.paginate('/webhooks/endpoints/{id}/deliveries', { params: { path: { id: 1 } } });
      // @ts-expect-error: the API keys are one list, not pages
      void sdk.paginate('/api-keys');
    };
    expect(typeChecks).toBeTypeOf('function');

    const none = await anAccount(api.prisma);
    const empty = createTripsClient({ baseUrl: api.url, apiKey: none.owner.key });
    const items = [];
    for await (const catalog of empty.paginate('/catalogs')) items.push(catalog);
    expect(items).toEqual([]);
  });
});

/** What the proxy does with the next request. */
type Fault =
  | 'forward'
  /** The connection drops before the request reaches the service. */
  | 'drop'
  /** The service runs the request, then the connection drops: the answer is lost. */
  | 'lose-answer'
  | { status: number; code: string; headers?: Record<string, string> };

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  at: number;
}

/** A proxy in front of the service that plays `faults` in order, then forwards; it records what it sees. */
async function startFaultyProxy(target: string) {
  const faults: Fault[] = [];
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      seen.push({
        method: req.method!,
        path: req.url!,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        at: Date.now(),
      });
      const fault = faults.shift() ?? 'forward';
      if (fault === 'drop') return void req.socket.destroy();
      if (typeof fault === 'object') {
        const body = JSON.stringify({ error: { code: fault.code, message: 'injected' } });
        return void res
          .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
          .end(body);
      }
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const text = await answer.text();
      if (fault === 'lose-answer') return void req.socket.destroy();
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    faults,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('retries and idempotency keys', () => {
  let proxy: Awaited<ReturnType<typeof startFaultyProxy>>;
  let sdk: TripsClient;
  beforeAll(async () => {
    proxy = await startFaultyProxy(api.url);
    sdk = createTripsClient({
      baseUrl: proxy.url,
      apiKey: account.owner.key,
      retry: { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 5_000 },
    });
  });
  afterAll(() => proxy?.close());
  const reset = () => {
    proxy.faults.length = 0;
    proxy.seen.length = 0;
  };

  it('a creation whose answer is lost is sent again with the same Idempotency-Key', async () => {
    reset();
    proxy.faults.push('lose-answer', 'drop');
    const trip = await sdk.POST('/trips', { body: { title: 'Lost answer' } });
    expect(trip.title).toBe('Lost answer');
    expect(proxy.seen).toHaveLength(3);
    const keys = new Set(proxy.seen.map((s) => s.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);

    // Another call is another key; a read carries none; a key given by the caller is kept.
    reset();
    await sdk.POST('/trips', { body: { title: 'Second' } });
    await sdk.PATCH('/trips/{tripId}', {
      params: { path: { tripId: trip.id } },
      body: { title: 'Renamed' },
      headers: { 'Idempotency-Key': 'my-own-key-1' },
    });
    await sdk.GET('/trips/{tripId}', { params: { path: { tripId: trip.id } } });
    expect(proxy.seen.map((s) => s.idempotencyKey)).toEqual([
      expect.not.stringMatching(/^$/),
      'my-own-key-1',
      undefined,
    ]);
    expect(proxy.seen[0]!.idempotencyKey).not.toBe([...keys][0]);
  });

  it('429 and 503 are retried after their Retry-After; 409 idempotency_key_in_use too', async () => {
    reset();
    proxy.faults.push(
      { status: 503, code: 'service_unavailable', headers: { 'retry-after': '1' } },
      { status: 429, code: 'rate_limited', headers: { 'retry-after': '1' } },
      { status: 409, code: 'idempotency_key_in_use', headers: { 'retry-after': '1' } },
    );
    const trip = await sdk.POST('/trips', { body: { title: 'After a wait' } });
    expect(trip.title).toBe('After a wait');
    expect(proxy.seen).toHaveLength(4);
    for (let i = 1; i < 4; i++)
      expect(proxy.seen[i]!.at - proxy.seen[i - 1]!.at).toBeGreaterThanOrEqual(1_000);
    expect(new Set(proxy.seen.map((s) => s.idempotencyKey)).size).toBe(1);
  });

  it('retries are bounded, and a Retry-After past the limit is not waited for', async () => {
    reset();
    proxy.faults.push(
      ...Array.from({ length: 4 }, () => ({ status: 503, code: 'service_unavailable' })),
    );
    const unavailable = await sdk.GET('/trips').catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(ServerError);
    expect(unavailable).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(proxy.seen).toHaveLength(4);

    reset();
    proxy.faults.push({ status: 429, code: 'rate_limited', headers: { 'retry-after': '60' } });
    const limited = await sdk.GET('/trips').catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSeconds).toBe(60);
    expect(proxy.seen).toHaveLength(1);

    // Network errors: every attempt dropped, the last error is thrown.
    reset();
    proxy.faults.push('drop', 'drop', 'drop', 'drop');
    await expect(sdk.GET('/trips')).rejects.toThrow();
    expect(proxy.seen).toHaveLength(4);
  });
});

describe('AI import', () => {
  const plan =
    'Day 1 (2026-05-01): arrive in Lisbon, check in at Hotel Avenida.\nDay 2 (2026-05-02): Sintra.\nDay 3 (2026-05-03): fly home.';
  // Documents: /slow.txt does not arrive until released (the job stays processing), others are 404.
  let docs: http.Server;
  let docsUrl: string;
  const waiting: http.ServerResponse[] = [];
  beforeAll(async () => {
    docs = http.createServer((req, res) => {
      if (req.url === '/slow.txt') waiting.push(res);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
    docsUrl = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of waiting) res.writeHead(200, { 'content-type': 'text/plain' }).end(plan);
    docs?.closeAllConnections();
    await new Promise((resolve) => docs?.close(resolve));
  });

  it('one call starts the import and waits for the completed job, on either server', async () => {
    const job = await client.importTrip(
      { source: { type: 'text', text: plan } },
      { pollIntervalMs: 100 },
    );
    expect(job).toMatchObject({ status: 'completed', tripId: expect.any(Number) });
    const trip = await client.GET('/trips/{tripId}', {
      params: { path: { tripId: job.tripId! } },
    });
    expect(trip.id).toBe(job.tripId);

    const viaAi = await client.importTrip(
      { source: { type: 'text', text: plan } },
      { server: 'ai', pollIntervalMs: 100 },
    );
    expect(viaAi.status).toBe('completed');
  });

  it('an AbortSignal stops the wait and cancels the job', async () => {
    const controller = new AbortController();
    let jobId: string | undefined;
    const watching = createTripsClient({
      baseUrl: api.url,
      apiKey: account.owner.key,
      // Aborts once the job exists and has been polled once.
      fetch: async (request) => {
        const response = await fetch(request);
        if (request.url.endsWith('/from-document'))
          jobId = ((await response.clone().json()) as { jobId: string }).jobId;
        if (request.url.endsWith('/status')) controller.abort(new Error('no longer needed'));
        return response;
      },
    });
    await expect(
      watching.importTrip(
        { source: { type: 'url', url: `${docsUrl}/slow.txt` } },
        { signal: controller.signal, pollIntervalMs: 50 },
      ),
    ).rejects.toThrow('no longer needed');
    const job = await client.GET('/ai/trips/{publicId}/status', {
      params: { path: { publicId: jobId! } },
    });
    expect(job.status).toBe('canceled');
  });

  it('an import that ends in error rejects with TripImportError carrying the job', async () => {
    const failed = await client
      .importTrip(
        { source: { type: 'url', url: `${docsUrl}/missing.pdf` } },
        { pollIntervalMs: 100 },
      )
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TripImportError);
    expect((failed as TripImportError).job).toMatchObject({ status: 'error' });
  });
});

describe('verifyWebhook', () => {
  it('accepts a real delivery, by either secret during a rotation, and nothing else', async () => {
    const own = await anAccount(api.prisma, { plan: 'enterprise' });
    const sdk = createTripsClient({ baseUrl: api.url, apiKey: own.owner.key });
    const endpoint = await sdk.POST('/webhooks/endpoints', {
      body: { name: 'SDK', url: receiver.url, eventTypes: ['trip.created'] },
    });
    const ofThisEndpoint = (r: { body: any }) => r.body?.data?.test !== undefined;
    const before = receiver.requests.filter(ofThisEndpoint).length;
    await sdk.POST('/webhooks/endpoints/{id}/test', { params: { path: { id: endpoint.id } } });
    const first = (await receiver.waitFor(before + 1, ofThisEndpoint)).at(-1)!;
    const header = first.headers['x-service-signature-256'] as string;
    expect(verifyWebhook(first.rawBody, header, endpoint.secret)).toBe(true);
    expect(verifyWebhook(Buffer.from(first.rawBody), header, [endpoint.secret])).toBe(true);
    expect(verifyWebhook(`${first.rawBody} `, header, endpoint.secret)).toBe(false);
    expect(verifyWebhook(first.rawBody, header, 'whsec_wrong')).toBe(false);
    expect(verifyWebhook(first.rawBody, undefined, endpoint.secret)).toBe(false);
    expect(verifyWebhook(first.rawBody, 'sha256=zz', endpoint.secret)).toBe(false);

    const rotated = await sdk.POST('/webhooks/endpoints/{id}/rotate-secret', {
      params: { path: { id: endpoint.id } },
    });
    await sdk.POST('/webhooks/endpoints/{id}/test', { params: { path: { id: endpoint.id } } });
    const during = (await receiver.waitFor(before + 2, ofThisEndpoint)).at(-1)!;
    const both = during.headers['x-service-signature-256'] as string;
    expect(both.split(',')).toHaveLength(2);
    expect(verifyWebhook(during.rawBody, both, rotated.secret)).toBe(true);
    expect(verifyWebhook(during.rawBody, both, endpoint.secret)).toBe(true);
    expect(verifyWebhook(during.rawBody, both, ['whsec_other', rotated.secret])).toBe(true);
    expect(verifyWebhook(during.rawBody, both, ['whsec_other'])).toBe(false);
  });
});
