// Ops in GraphQL: jobQueues (every pg-boss queue; operators only, a machine token with read:ops)
// and webhookDeliveryHealth (the account's endpoints; owners and admins, or an operator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMachineClient, aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let receiver: Receiver;
let account: AccountFixture;
let other: AccountFixture;

const QUEUES = '{ jobQueues { name waiting deferred active failed oldestWaitingSeconds } }';
const HEALTH = `query Health($hours: Int) { webhookDeliveryHealth(hours: $hours) {
  endpointId name url status deliveries succeeded failed pending skipped successPercent averageLatencyMs p95LatencyMs
  lastSuccessAt lastFailureAt lastFailureError lastFailureStatus } }`;

beforeAll(async () => {
  api = await startTestApp();
  receiver = await startReceiver();
  account = await anAccount(api.prisma);
  other = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
  await receiver?.close();
});

async function machineToken(scopes: string[]): Promise<string> {
  const client = await aMachineClient(api.prisma, { accountId: account.accountId }, scopes);
  const res = await api.request('POST /oauth/token', {
    body: {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.scope).toBe(scopes.join(' '));
  return res.body.access_token;
}

const asMachine = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  api.graphql(query, variables, { key: token, headers: { 'x-on-behalf-of': account.owner.email } });
const errorCode = (res: { body: any }) => res.body.errors?.[0]?.extensions?.code;

describe('jobQueues', () => {
  it('shows every pg-boss queue to an operator, with due, deferred and waiting age', async () => {
    const { boss } = api.running.services;
    await boss.createQueue('test.ops-queue');
    await boss.send('test.ops-queue', {});
    await boss.send('test.ops-queue', {}, { startAfter: 3600 });

    const res = await asMachine(await machineToken(['read:ops']), QUEUES);
    expect(res.body.errors).toBeUndefined();
    const queues: Array<{ name: string }> = res.body.data.jobQueues;
    expect(queues.map((q) => q.name)).toEqual(
      expect.arrayContaining([
        'trips.purge-trash',
        'webhooks.deliver',
        'webhooks.fan-out',
        'test.ops-queue',
      ]),
    );
    expect(queues.filter((q) => q.name.startsWith('__pgboss__'))).toEqual([]);
    expect(queues.find((q) => q.name === 'test.ops-queue')).toEqual({
      name: 'test.ops-queue',
      waiting: 1,
      deferred: 1,
      active: 0,
      failed: 0,
      oldestWaitingSeconds: expect.any(Number),
    });
  });

  it("is refused to everyone else: owners' keys, machine tokens without read:ops, no credentials", async () => {
    expect(errorCode(await api.graphql(QUEUES, {}, { key: account.owner.key }))).toBe('forbidden');
    expect(
      errorCode(await asMachine(await machineToken(['read:trips', 'manage:webhooks']), QUEUES)),
    ).toBe('forbidden');
    expect(errorCode(await api.graphql(QUEUES))).toBe('missing_api_key');
  });

  it('read:ops is never a default scope of a machine client', async () => {
    const client = await aMachineClient(api.prisma, { accountId: account.accountId });
    const res = await api.request('POST /oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(res.body.scope.split(' ')).not.toContain('read:ops');
  });
});

describe('webhookDeliveryHealth', () => {
  it('per endpoint of the account: counts, success rate, latency and the last failure', async () => {
    const created = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'Back office', url: receiver.url, eventTypes: ['trip.created'] },
    });
    expect(created.status).toBe(201);
    await api.request('POST /webhooks/endpoints', {
      key: other.owner.key,
      body: { name: 'Not ours', url: receiver.url, eventTypes: ['trip.created'] },
    });
    let calls = 0;
    receiver.respond(() => (++calls === 3 ? { status: 503, body: 'busy' } : { status: 200 }));
    for (const title of ['One', 'Two', 'Three']) {
      await api.request('POST /trips', { key: account.owner.key, body: { title } });
      await receiver.waitFor(calls + 1);
    }
    await expect
      .poll(
        async () =>
          await api.prisma.delivery.count({
            where: { endpointId: created.body.id, status: { not: 'pending' } },
          }),
        { timeout: 20_000, interval: 100 },
      )
      .toBe(3);

    const res = await api.graphql(HEALTH, {}, { key: account.owner.key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.webhookDeliveryHealth).toEqual([
      {
        endpointId: created.body.id,
        name: 'Back office',
        url: receiver.url,
        status: 'active',
        deliveries: 3,
        succeeded: 2,
        failed: 1,
        pending: 0,
        skipped: 0,
        successPercent: 67,
        averageLatencyMs: expect.any(Number),
        p95LatencyMs: expect.any(Number),
        lastSuccessAt: expect.any(String),
        lastFailureAt: expect.any(String),
        lastFailureError: 'The receiver answered 503.',
        lastFailureStatus: 503,
      },
    ]);
    // An operator acting in the account sees the same; an agent does not.
    expect(
      (await asMachine(await machineToken(['read:ops']), HEALTH)).body.data.webhookDeliveryHealth,
    ).toHaveLength(1);
    const agent = await aMember(api.prisma, account.accountId, 'agent');
    expect(errorCode(await api.graphql(HEALTH, {}, { key: agent.key }))).toBe('forbidden');
  });

  it('an endpoint without deliveries in the window has no rate, and the window is checked', async () => {
    const fresh = await anAccount(api.prisma);
    await api.request('POST /webhooks/endpoints', {
      key: fresh.owner.key,
      body: { name: 'Quiet', url: receiver.url, eventTypes: ['catalog.deleted'] },
    });
    const res = await api.graphql(HEALTH, { hours: 1 }, { key: fresh.owner.key });
    expect(res.body.data.webhookDeliveryHealth).toEqual([
      expect.objectContaining({
        name: 'Quiet',
        deliveries: 0,
        successPercent: null,
        averageLatencyMs: null,
        lastFailureAt: null,
      }),
    ]);
    expect(errorCode(await api.graphql(HEALTH, { hours: 0 }, { key: fresh.owner.key }))).toBe(
      'validation_failed',
    );
    expect(errorCode(await api.graphql(HEALTH, { hours: 721 }, { key: fresh.owner.key }))).toBe(
      'validation_failed',
    );
  });
});
