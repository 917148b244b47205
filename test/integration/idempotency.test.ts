// Idempotency keys (issue 28, docs/errors-and-limits.md#idempotency-keys) over HTTP, for every POST and PATCH that
// takes one: the same key and request replays the stored answer with Idempotent-Replayed and does
// nothing again; another request with the key is a 422; a request while the first still runs is
// a 409 with Retry-After. Then, on POST /trips and GraphQL: concurrent identical requests, expiry
// (an injected clock, and the purge job), keys scoped per caller and account, what is not stored,
// and requests without the header never touching the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeIdempotencyKeysJob } from '../../src/idempotency/idempotency.jobs.ts';
import { aMachineClient, aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { runJob } from '../helpers/jobs.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestResponse, type TestService } from '../helpers/service.ts';

let now = new Date('2026-06-01T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** A gate the first of two requests waits at, just before its commit (its key still held). */
let gate: { reached: () => void; open: Promise<void> } | undefined;
const statements: string[] = [];

let api: TestService;
let receiver: Receiver;
let account: AccountFixture;
let ownerKey: string;
let endpointId: number;

beforeAll(async () => {
  api = await startTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000' },
    {
      clock: () => now,
      idempotencyTestHook: async (moment) => {
        if (moment !== 'beforeCommit' || !gate) return;
        const held = gate;
        gate = undefined;
        held.reached();
        await held.open;
      },
      onDatabaseQuery: (query) => statements.push(query.sql),
    },
  );
  receiver = await startReceiver();
  account = await anAccount(api.prisma);
  ownerKey = account.owner.key;
  const endpoint = await api.request('POST /webhooks/endpoints', {
    key: ownerKey,
    body: {
      name: 'Events',
      url: receiver.url,
      eventTypes: ['trip.created', 'trip.updated', 'trip.deleted'],
    },
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  endpointId = endpoint.body.id;
});
afterAll(async () => {
  await receiver?.close();
  await api?.stop();
});

let keys = 0;
const newKey = () => `key-${Date.now().toString(36)}-${keys++}`;

interface Call {
  /** `METHOD /path`, or `METHOD http://...` for the AI listener. */
  route: string;
  body?: unknown;
  headers?: Record<string, string>;
}
const send = (call: Call, idempotencyKey?: string, key = ownerKey) =>
  api.request(call.route, {
    key,
    ...(call.body === undefined ? {} : { body: call.body }),
    headers: {
      ...call.headers,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
  });

const aTrip = async (title = 'Trip') =>
  (await send({ route: 'POST /trips', body: { title } })).body.id as number;
const anImport = async () =>
  (
    await send({
      route: 'POST /ai/trips/from-document',
      body: { source: { type: 'text', text: 'Rome, 2 days. Day 1: Colosseum. Day 2: Vatican.' } },
    })
  ).body.jobId as string;
const aDelivery = async () =>
  (await send({ route: `POST /webhooks/endpoints/${endpointId}/test` })).body.id as string;
const count = (type: string) =>
  api.prisma.event.count({ where: { accountId: account.accountId, type } });
const endpointRow = () =>
  api.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });

interface Operation {
  name: string;
  status: number;
  /** The request, made once its resources exist. */
  call: () => Promise<Call>;
  /** What the request changes: read after the first answer and after the replay, it must not move. */
  effect: () => Promise<unknown>;
  /**
   * A change made between the first request and the replay, without a key, that running the
   * request again would undo: the replay must leave it (a PATCH setting a value twice shows nothing).
   */
  meanwhile?: (first: TestResponse) => Promise<void>;
}

const OPERATIONS: Operation[] = [
  {
    name: 'POST /trips',
    status: 201,
    call: async () => ({ route: 'POST /trips', body: { title: 'Idempotent trip' } }),
    effect: async () => [
      await api.prisma.trip.count({ where: { accountId: account.accountId } }),
      await count('trip.created'),
    ],
  },
  {
    name: 'POST /trips/bulk-delete',
    status: 200,
    call: async () => ({
      route: 'POST /trips/bulk-delete',
      body: { tripIds: [await aTrip(), await aTrip()] },
    }),
    effect: () => count('trip.deleted'),
  },
  (() => {
    let id = 0;
    return {
      name: 'PATCH /trips/{tripId}',
      status: 200,
      call: async () => {
        id = await aTrip('Before');
        return { route: `PATCH /trips/${id}`, body: { title: 'After' } };
      },
      effect: async () => [
        (await api.prisma.trip.findUniqueOrThrow({ where: { id } })).title,
        await count('trip.updated'),
      ],
      meanwhile: async () => {
        await send({ route: `PATCH /trips/${id}`, body: { title: 'Later' } });
      },
    };
  })(),
  (() => {
    let id = 0;
    return {
      name: 'PATCH /trips/{tripId}/config',
      status: 200,
      call: async () => {
        id = await aTrip();
        return {
          route: `PATCH /trips/${id}/config`,
          body: { settings: { timezone: 'Europe/Rome' } },
          headers: { 'content-type': 'application/merge-patch+json' },
        };
      },
      effect: () => api.prisma.tripConfiguration.findUniqueOrThrow({ where: { tripId: id } }),
    };
  })(),
  {
    name: 'POST /catalogs',
    status: 201,
    call: async () => ({ route: 'POST /catalogs', body: { title: 'Idempotent catalog' } }),
    effect: () => api.prisma.catalog.count({ where: { accountId: account.accountId } }),
  },
  (() => {
    let id = 0;
    return {
      name: 'PATCH /catalogs/{id}',
      status: 200,
      call: async () => {
        id = (await send({ route: 'POST /catalogs', body: { title: 'Before' } })).body.id;
        return { route: `PATCH /catalogs/${id}`, body: { title: 'After' } };
      },
      effect: async () => (await api.prisma.catalog.findUniqueOrThrow({ where: { id } })).title,
      meanwhile: async () => {
        await send({ route: `PATCH /catalogs/${id}`, body: { title: 'Later' } });
      },
    };
  })(),
  ...(['api', 'ai'] as const).flatMap((listener): Operation[] => {
    const base = () => (listener === 'api' ? '/ai/trips' : `${api.running.aiUrl}/trip-imports`);
    return [
      {
        name: `POST ${listener === 'api' ? '/ai/trips/from-document' : '/trip-imports (AI listener)'}`,
        status: 202,
        call: async () => ({
          route: `POST ${listener === 'api' ? '/ai/trips/from-document' : base()}`,
          body: { source: { type: 'text', text: 'Lisbon, 1 day. Day 1: Belem tower.' } },
        }),
        effect: () => api.prisma.importJob.count({ where: { accountId: account.accountId } }),
      },
      {
        // Run again, a cancel of a cancelled job is a 400 job_not_cancelable.
        name: `POST ${listener === 'api' ? '/ai/trips/{publicId}' : '/trip-imports/{publicId}'}/actions/cancel`,
        status: 200,
        call: async () => ({ route: `POST ${base()}/${await anImport()}/actions/cancel` }),
        effect: async () => 'cancelled once',
      },
    ];
  }),
  {
    name: 'POST /webhooks/endpoints',
    status: 201,
    call: async () => ({
      route: 'POST /webhooks/endpoints',
      body: { name: 'Another', url: receiver.url, eventTypes: ['catalog.created'] },
    }),
    effect: () => api.prisma.webhookEndpoint.count({ where: { accountId: account.accountId } }),
  },
  {
    name: 'PATCH /webhooks/endpoints/{id}',
    status: 200,
    call: async () => ({ route: `PATCH /webhooks/endpoints/${endpointId}`, body: { name: 'A' } }),
    effect: async () => (await endpointRow()).name,
    meanwhile: async () => {
      await send({ route: `PATCH /webhooks/endpoints/${endpointId}`, body: { name: 'B' } });
    },
  },
  {
    name: 'POST /webhooks/endpoints/{id}/pause',
    status: 200,
    call: async () => ({ route: `POST /webhooks/endpoints/${endpointId}/pause` }),
    effect: async () => (await endpointRow()).status,
    meanwhile: async () => {
      await send({ route: `POST /webhooks/endpoints/${endpointId}/resume` });
    },
  },
  {
    name: 'POST /webhooks/endpoints/{id}/resume',
    status: 200,
    call: async () => {
      await send({ route: `POST /webhooks/endpoints/${endpointId}/pause` });
      return { route: `POST /webhooks/endpoints/${endpointId}/resume` };
    },
    effect: async () => (await endpointRow()).status,
    meanwhile: async () => {
      await send({ route: `POST /webhooks/endpoints/${endpointId}/pause` });
    },
  },
  {
    name: 'POST /webhooks/endpoints/{id}/rotate-secret',
    status: 200,
    call: async () => ({ route: `POST /webhooks/endpoints/${endpointId}/rotate-secret` }),
    effect: async () => (await endpointRow()).secretEncrypted,
  },
  {
    name: 'POST /webhooks/endpoints/{id}/test',
    status: 202,
    call: async () => ({ route: `POST /webhooks/endpoints/${endpointId}/test` }),
    effect: () => api.prisma.delivery.count({ where: { endpointId } }),
  },
  {
    name: 'POST /webhooks/endpoints/{id}/deliveries/{deliveryId}/redeliver',
    status: 202,
    call: async () => ({
      route: `POST /webhooks/endpoints/${endpointId}/deliveries/${await aDelivery()}/redeliver`,
    }),
    effect: () => api.prisma.delivery.count({ where: { endpointId } }),
  },
  {
    name: 'POST /api-keys',
    status: 201,
    call: async () => ({ route: 'POST /api-keys', body: { name: 'Back office' } }),
    effect: () => api.prisma.apiKey.count({ where: { accountId: account.accountId } }),
  },
];

describe.each(OPERATIONS)('$name', (operation) => {
  it('replays the stored answer with Idempotent-Replayed: true and does nothing again', async () => {
    const call = await operation.call();
    const key = newKey();
    const first = await send(call, key);
    expect(first.status, first.text).toBe(operation.status);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await operation.meanwhile?.(first);
    const before = await operation.effect();

    const replayed = await send(call, key);
    expect(replayed.status).toBe(operation.status);
    expect(replayed.text).toBe(first.text);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await operation.effect()).toEqual(before);
  });

  it('answers 422 idempotency_key_mismatch to another request with the key, doing nothing', async () => {
    const call = await operation.call();
    const key = newKey();
    expect((await send(call, key)).status).toBe(operation.status);
    const before = await operation.effect();
    const other = {
      ...call,
      body: call.body === undefined ? {} : { ...(call.body as object), other: true },
    };
    const res = await send(other, key);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_key_mismatch');
    expect(await operation.effect()).toEqual(before);
  });

  it('answers 409 idempotency_key_in_use with Retry-After while the first request runs', async () => {
    const call = await operation.call();
    const key = newKey();
    let open = () => {};
    const reached = new Promise<void>((reached) => {
      gate = { reached, open: new Promise((resolve) => (open = resolve)) };
    });
    const first = send(call, key);
    await reached;
    const during = await send(call, key);
    expect(during.status).toBe(409);
    expect(during.body.error.code).toBe('idempotency_key_in_use');
    expect(during.headers.get('retry-after')).toBe('1');
    open();
    const answered = await first;
    expect(answered.status).toBe(operation.status);
    const after = await send(call, key);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.text).toBe(answered.text);
  });
});

describe('POST /trips with a key', () => {
  const tripsTitled = (title: string) =>
    api.prisma.trip.count({ where: { accountId: account.accountId, title } });
  const create = (title: string, key: string, apiKey = ownerKey) =>
    send({ route: 'POST /trips', body: { title } }, key, apiKey);

  it('creates one trip and one trip.created for ten identical requests sent at once', async () => {
    const key = newKey();
    const title = `Concurrent ${key}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(title, key)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(await tripsTitled(title)).toBe(1);
    const id = created[0]!.body.id;
    expect(await api.prisma.event.count({ where: { type: 'trip.created', resourceId: id } })).toBe(
      1,
    );
    // Whoever got a 409 gets the trip on a retry.
    const retried = await create(title, key);
    expect(retried.body.id).toBe(id);
  });

  it('keeps the answer 24 hours: then the key is free again, and the purge erases it', async () => {
    const key = newKey();
    const title = `Expiring ${key}`;
    const first = await create(title, key);
    now = new Date(now.getTime() + DAY_MS - 1000);
    expect((await create(title, key)).body.id).toBe(first.body.id);
    now = new Date(now.getTime() + 1000);
    const again = await create(title, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    expect(await tripsTitled(title)).toBe(2);

    const stale = newKey();
    await create(`Purged ${stale}`, stale);
    const row = { accountId: account.accountId, key: stale };
    expect(await api.prisma.idempotencyKey.count({ where: row })).toBe(1);
    await runJob(api, purgeIdempotencyKeysJob.name);
    expect(await api.prisma.idempotencyKey.count({ where: row })).toBe(1);
    now = new Date(now.getTime() + DAY_MS);
    await runJob(api, purgeIdempotencyKeysJob.name);
    expect(await api.prisma.idempotencyKey.count({ where: row })).toBe(0);
  });

  it('scopes a key to its caller: another key of the account, or another account, makes its own', async () => {
    const key = newKey();
    const title = `Scoped ${key}`;
    const member = await aMember(api.prisma, account.accountId, 'agent');
    const other = await anAccount(api.prisma);
    const mine = await create(title, key);
    const colleague = await create(title, key, member.key);
    const stranger = await create(title, key, other.owner.key);
    for (const answer of [colleague, stranger]) {
      expect(answer.status).toBe(201);
      expect(answer.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([mine.body.id, colleague.body.id, stranger.body.id]).size).toBe(3);
    expect(stranger.body.accountId).toBe(other.accountId);
    // A stranger's different body under the same key is no mismatch of mine.
    expect((await create('Something else', key, other.owner.key)).status).toBe(422);
    expect((await create(title, key)).body.id).toBe(mine.body.id);
  });

  it('scopes a machine client by the agent it acts for', async () => {
    const client = await aMachineClient(api.prisma, { accountId: account.accountId }, [
      'create:trips',
    ]);
    const token = await api.request('POST /oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        scope: 'create:trips',
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status, token.text).toBe(200);
    const member = await aMember(api.prisma, account.accountId, 'agent');
    const asAgent = (email: string) => ({
      'x-on-behalf-of': email,
      'idempotency-key': 'machine-key',
    });
    const title = `Machine ${newKey()}`;
    const post = (email: string) =>
      api.request('POST /trips', {
        key: token.body.access_token,
        body: { title },
        headers: asAgent(email),
      });
    const owner = await post(account.owner.email);
    const ownerAgain = await post(account.owner.email);
    const agent = await post(member.email);
    expect(ownerAgain.body.id).toBe(owner.body.id);
    expect(ownerAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(agent.body.id).not.toBe(owner.body.id);
    expect(agent.body.agentId).toBe(member.agentId);
  });

  it('refuses a malformed key with 400 invalid_idempotency_key, before anything runs', async () => {
    const title = `Malformed ${newKey()}`;
    for (const bad of ['', 'has space', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const res = await create(title, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('invalid_idempotency_key');
    }
    expect((await create(title, 'x'.repeat(255))).status).toBe(201);
    expect(await tripsTitled(title)).toBe(1);
  });

  it('does not store a refusal: the corrected request with the same key runs', async () => {
    const key = newKey();
    const invalid = await send({ route: 'POST /trips', body: { title: '' } }, key);
    expect(invalid.status).toBe(400);
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    expect((await create('Forbidden', key, viewer.key)).status).toBe(403);
    const title = `Corrected ${key}`;
    const fixed = await create(title, key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect((await create(title, key)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('stores a decided 404 and replays it', async () => {
    const key = newKey();
    const missing = await send({ route: 'PATCH /trips/2147483647', body: { title: 'x' } }, key);
    expect(missing.status).toBe(404);
    const again = await send({ route: 'PATCH /trips/2147483647', body: { title: 'x' } }, key);
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps answers encrypted: no API key or signing secret in the table', async () => {
    const key = newKey();
    const created = await send({ route: 'POST /api-keys', body: { name: 'Secret' } }, key);
    expect(created.body.key).toMatch(/^ak_/);
    const [row] = await api.prisma.$queryRawUnsafe<Array<{ text: string }>>(
      `SELECT encode(body, 'escape') || headers::text AS text FROM idempotency_keys WHERE key = $1`,
      key,
    );
    expect(row!.text).not.toContain(created.body.key);
    expect(row!.text).not.toContain('ak_');
  });

  it('ignores the header on PUT, DELETE and GET, and without credentials', async () => {
    const id = await aTrip();
    const key = newKey();
    const document = (await send({ route: `GET /trips/${id}/config` })).body;
    for (const call of [
      { route: `PUT /trips/${id}/config`, body: document },
      { route: `GET /trips/${id}` },
      { route: `DELETE /trips/${id}` },
    ])
      expect((await send(call, key)).headers.get('idempotent-replayed')).toBeNull();
    expect(await api.prisma.idempotencyKey.count({ where: { key } })).toBe(0);
    const anonymous = await api.request('POST /graphql', {
      body: { query: 'query { status { status } }' },
      headers: { 'idempotency-key': key },
    });
    expect(anonymous.status).toBe(200);
    expect(await api.prisma.idempotencyKey.count({ where: { key } })).toBe(0);
  });

  it('costs a request without the header no statement of its own', async () => {
    statements.length = 0;
    expect((await send({ route: 'POST /trips', body: { title: 'Plain' } })).status).toBe(201);
    expect(statements.length).toBeGreaterThan(0);
    // The guard's own statements; the delivery workers of this process take an advisory lock of
    // their own (pg_advisory_xact_lock) while they claim, and may do so meanwhile.
    expect(
      statements.filter((sql) =>
        /idempotency|pg_try_advisory_xact_lock|SAVEPOINT joined/i.test(sql),
      ),
    ).toEqual([]);
    statements.length = 0;
    await create(`Keyed ${newKey()}`, newKey());
    expect(statements.some((sql) => /pg_try_advisory_xact_lock/.test(sql))).toBe(true);
  });
});

describe('GraphQL mutations with a key', () => {
  const CREATE =
    'mutation Create($title: String!) { createTrip(input: {title: $title}) { id title } }';
  const mutate = (variables: Record<string, unknown>, key: string, query = CREATE) =>
    api.graphql(query, variables, { key: ownerKey, headers: { 'idempotency-key': key } });

  it('replays a mutation, and refuses the key for another one', async () => {
    const key = newKey();
    const title = `GraphQL ${key}`;
    const first = await mutate({ title }, key);
    expect(first.body.data.createTrip.title).toBe(title);
    const again = await mutate({ title }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await api.prisma.trip.count({ where: { title } })).toBe(1);
    const other = await mutate({ title: 'Another' }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_mismatch');
    // The REST facade runs the same operation, but a key of REST is its own request.
    const rest = await send({ route: 'POST /trips', body: { title } }, key);
    expect(rest.status).toBe(422);
  });

  it('answers 409 to the same mutation while the first runs', async () => {
    const key = newKey();
    let open = () => {};
    const reached = new Promise<void>((reached) => {
      gate = { reached, open: new Promise((resolve) => (open = resolve)) };
    });
    const first = mutate({ title: `Held ${key}` }, key);
    await reached;
    const during = await mutate({ title: `Held ${key}` }, key);
    expect(during.status).toBe(409);
    expect(during.headers.get('retry-after')).toBe('1');
    open();
    expect((await first).body.data.createTrip.id).toEqual(expect.any(Number));
  });

  it('does not store queries, nor a mutation that only failed validation', async () => {
    const key = newKey();
    const query = await api.graphql(
      'query { trips { totalCount } }',
      {},
      {
        key: ownerKey,
        headers: { 'idempotency-key': key },
      },
    );
    expect(query.status).toBe(200);
    expect(await api.prisma.idempotencyKey.count({ where: { key } })).toBe(0);
    const invalid = await mutate({ title: '' }, key);
    expect(invalid.body.errors[0].extensions.code).toBe('validation_failed');
    expect(await api.prisma.idempotencyKey.count({ where: { key } })).toBe(0);
    const title = `Valid ${key}`;
    expect((await mutate({ title }, key)).body.data.createTrip.title).toBe(title);
  });
});
