// GET /metrics on the metrics listener (METRICS_PORT), never on the API port: scraped before and
// after real traffic, each family of series moves (HTTP by route pattern, GraphQL operations, the
// pool, queue depths, jobs, webhook deliveries, import stages, rate-limit refusals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { parseMetrics, sample, series, type Samples } from '../helpers/prometheus.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const PER_KEY_LIMIT = 30;
let api: TestService;
let receiver: Receiver;
let account: AccountFixture;

beforeAll(async () => {
  api = await startTestService({
    RATE_LIMIT_PER_MINUTE: String(PER_KEY_LIMIT),
    GRAPHQL_METRICS_OPERATIONS: 'TripTitles,Broken',
  });
  receiver = await startReceiver();
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
  await receiver?.close();
});

async function scrape(): Promise<Samples> {
  const response = await fetch(`${api.running.metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

const count = (samples: Samples, name: string, labels: Record<string, string>) =>
  sample(samples, `${name}_count`, labels) ?? 0;

describe('metrics', () => {
  it('are served on their own listener only', async () => {
    expect(api.running.metricsUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(api.running.metricsUrl).not.toBe(api.url);
    expect((await api.request('GET /metrics')).status).toBe(404);
    expect((await fetch(`${api.running.metricsUrl}/anything`)).status).toBe(404);
  });

  it('HTTP requests by route pattern, method and status, and GraphQL operations', async () => {
    const before = await scrape();
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: 'Lisbon' },
    });
    for (let i = 0; i < 3; i++)
      expect(
        (await api.request(`GET /trips/${trip.body.id}`, { key: account.owner.key })).status,
      ).toBe(200);
    expect((await api.request('GET /trips/999999999', { key: account.owner.key })).status).toBe(
      404,
    );
    expect((await api.request('GET /trips/1')).status).toBe(401);
    expect(
      (
        await api.graphql(
          'query TripTitles { trips { totalCount } }',
          {},
          { key: account.owner.key },
        )
      ).status,
    ).toBe(200);
    await api.graphql('query Broken { trips { nope } }', {}, { key: account.owner.key });

    const after = await scrape();
    const byId = { method: 'GET', route: '/trips/:tripId' };
    expect(
      count(after, 'http_server_request_duration_seconds', { ...byId, status: '200' }) -
        count(before, 'http_server_request_duration_seconds', { ...byId, status: '200' }),
    ).toBe(3);
    expect(
      count(after, 'http_server_request_duration_seconds', { ...byId, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Refused before routing, still under its pattern.
    expect(
      count(after, 'http_server_request_duration_seconds', { ...byId, status: '401' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      count(after, 'http_server_request_duration_seconds', {
        method: 'POST',
        route: '/trips',
        status: '201',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      series(after, 'http_server_request_duration_seconds_count').filter((key) =>
        /route=\/trips\/\d/.test(key),
      ),
    ).toEqual([]);
    expect(
      sample(after, 'graphql_operations_total', {
        operation: 'TripTitles',
        type: 'query',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      sample(after, 'graphql_operations_total', {
        operation: 'Broken',
        type: 'query',
        outcome: 'invalid',
      }),
    ).toBe(1);
    expect(sample(after, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(after, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it("GraphQL operations are labelled by known names only: the REST routes' and the configured ones", async () => {
    const before = await scrape();
    const { key } = (await anAccount(api.prisma)).owner; // a budget of its own (PER_KEY_LIMIT)
    // A name a REST route runs (GET /trips runs "Trips"), sent by a GraphQL client.
    await api.graphql('query Trips { trips { totalCount } }', {}, { key });
    for (let i = 0; i < 20; i++)
      await api.graphql(`query Op${i}x${Date.now()} { trips { totalCount } }`, {}, { key });
    await api.graphql('{ trips { totalCount } }', {}, { key });
    const after = await scrape();
    const delta = (operation: string) =>
      (sample(after, 'graphql_operations_total', { operation, type: 'query', outcome: 'ok' }) ??
        0) -
      (sample(before, 'graphql_operations_total', { operation, type: 'query', outcome: 'ok' }) ??
        0);
    expect(delta('Trips')).toBe(1);
    expect(delta('other')).toBe(20);
    expect(delta('anonymous')).toBe(1);
    expect(
      series(after, 'graphql_operations_total').filter((key) => /operation=Op\d/.test(key)),
    ).toEqual([]);
  });

  it('queue depths are read at each scrape, for every pg-boss queue', async () => {
    const { boss } = api.running.services;
    await boss.createQueue('test.idle-queue');
    await boss.send('test.idle-queue', {});
    await boss.send('test.idle-queue', {}, { startAfter: 3600 });
    const after = await scrape();
    expect(sample(after, 'jobs_queue_depth', { queue: 'test.idle-queue', state: 'waiting' })).toBe(
      1,
    );
    expect(sample(after, 'jobs_queue_depth', { queue: 'test.idle-queue', state: 'deferred' })).toBe(
      1,
    );
    expect(
      sample(after, 'jobs_queue_depth', { queue: 'webhooks.deliver', state: 'active' }),
    ).toBeDefined();
    expect(
      sample(after, 'jobs_queue_oldest_waiting_seconds', { queue: 'test.idle-queue' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('jobs, webhook deliveries and import stages, by outcome', async () => {
    const before = await scrape();
    const endpoint = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'Metrics', url: receiver.url, eventTypes: ['trip.created'] },
    });
    expect(endpoint.status).toBe(201);
    receiver.respond(() => ({ status: 500 }));
    await api.request('POST /trips', { key: account.owner.key, body: { title: 'Porto' } });
    await receiver.waitFor(1);
    const imported = await api.request('POST /ai/trips/from-document', {
      key: account.owner.key,
      body: {
        source: { type: 'text', text: 'Weekend in Porto, Jun 19-20, 2026. Port tasting at 17:00.' },
      },
    });
    expect(imported.status).toBe(202);

    let after = before;
    await expect
      .poll(
        async () => {
          after = await scrape();
          return count(after, 'import_stage_duration_seconds', {
            stage: 'enrichingBlocks',
            outcome: 'completed',
          });
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(
        count(before, 'import_stage_duration_seconds', {
          stage: 'enrichingBlocks',
          outcome: 'completed',
        }) + 1,
      );
    await expect
      .poll(
        async () => {
          after = await scrape();
          return count(after, 'webhook_deliveries_duration_seconds', { outcome: 'failed' });
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(count(before, 'webhook_deliveries_duration_seconds', { outcome: 'failed' }));
    expect(
      count(after, 'jobs_duration_seconds', { queue: 'webhooks.deliver', outcome: 'completed' }),
    ).toBeGreaterThan(
      count(before, 'jobs_duration_seconds', { queue: 'webhooks.deliver', outcome: 'completed' }),
    );
    expect(
      count(after, 'import_stage_duration_seconds', {
        stage: 'initializing',
        outcome: 'completed',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('rate-limit refusals, by limit', async () => {
    const member = await aMember(api.prisma, account.accountId, 'agent');
    const before = sample(await scrape(), 'rate_limit_refusals_total', { limit: 'key' }) ?? 0;
    let refused = 0;
    for (let i = 0; i <= PER_KEY_LIMIT; i++)
      if ((await api.request('GET /trips', { key: member.key })).status === 429) refused++;
    expect(refused).toBe(1);
    expect(sample(await scrape(), 'rate_limit_refusals_total', { limit: 'key' })).toBe(before + 1);
  });
});
