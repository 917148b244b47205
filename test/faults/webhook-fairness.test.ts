// Issue 25, fair delivery: one tenant's hanging receiver delays only its own deliveries.
// Tenant A's endpoint holds every request for 30 s (past the receivers' time-out, shortened here
// to WEBHOOK_TIMEOUT_MS so that A's backlog drains within the test) while A creates 200 trips at
// once; tenant B creates a trip a second for a minute. One API process and two worker processes
// with few delivery slots each (16, 32 in all): without limits A's backlog would fill every slot
// for ceil(200 / 32) time-outs in a row. With them:
// - B's deliveries arrive within 5 s of their event at the 99th percentile;
// - A's endpoint never has more than WEBHOOK_ENDPOINT_CONCURRENCY requests open at once, across
//   both workers, and every one of A's deliveries is recorded (timed out), none lost;
// - while A's backlog waits, the workers' metrics show it under A's endpoint.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { spawnReadyService, spawnService, type ServiceProcess } from '../helpers/processes.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/receiver.ts';
import { TEST_ENV } from '../helpers/service.ts';

const TIMEOUT_MS = 2000;
const PER_ENDPOINT = 4;
const A_TRIPS = 200;
const B_SECONDS = 60;
const TEST_CA = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url));

const ENV = {
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT),
  WEBHOOK_DELIVERY_CONCURRENCY: '16',
  RATE_LIMIT_PER_MINUTE: '100000',
  NODE_EXTRA_CA_CERTS: TEST_CA,
};

let databaseUrl: string;
let prisma: PrismaClient;
let hanging: Receiver;
let healthy: Receiver;
let apiUrl: string;
let metricsUrl: string;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  hanging = await startReceiver('/hang');
  hanging.respond(() => ({ status: 200, delayMs: 30_000 }));
  healthy = await startReceiver();
  const api = await spawnReadyService(databaseUrl, { ...ENV, SERVICE_ROLES: 'api' });
  processes.push(api.service);
  apiUrl = api.url;
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  for (const port of [String(metricsPort), '0']) {
    const worker = spawnService({
      ...TEST_ENV,
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      ...ENV,
      METRICS_PORT: port,
      SERVICE_ROLES: 'worker',
    });
    processes.push(worker);
    await worker.waitFor(/workers started/, 60_000);
  }
});
afterAll(async () => {
  for (const p of processes)
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  await hanging?.close();
  await healthy?.close();
  await prisma?.$disconnect();
});

/** A POST that must create; a 503 (PostgreSQL too busy on a loaded machine) is tried again, as a client would. */
async function post(key: string, target: string, body: unknown) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${apiUrl}${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { id: number };
    if (response.status === 503 && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    expect(response.status, JSON.stringify(json)).toBe(201);
    return json;
  }
}

/** The most requests the receiver had open at once. */
function mostOpen(requests: ReceivedRequest[]): number {
  const edges = requests.flatMap((r) => [
    { at: r.receivedAt, step: 1 },
    { at: r.closedAt ?? Number.POSITIVE_INFINITY, step: -1 },
  ]);
  // A close and an opening at the same millisecond: the close first.
  edges.sort((x, y) => x.at - y.at || x.step - y.step);
  let open = 0;
  let most = 0;
  for (const edge of edges) {
    open += edge.step;
    most = Math.max(most, open);
  }
  return most;
}

const sample = (text: string, series: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(series))
    .map((line) => Number(line.split(' ').at(-1)));

describe('a tenant whose receiver hangs, beside one whose receiver answers', () => {
  it("B's deliveries arrive within 5 s at p99, A's are all recorded, and A's endpoint never has more than its slots", async () => {
    const a = await anAccount(prisma);
    const b = await anAccount(prisma);
    const endpointA = await post(a.owner.key, '/webhooks/endpoints', {
      name: 'Hangs',
      url: hanging.url,
      eventTypes: ['trip.created'],
    });
    await post(b.owner.key, '/webhooks/endpoints', {
      name: 'Answers',
      url: healthy.url,
      eventTypes: ['trip.created'],
    });

    // A's burst: 200 trips, 10 requests at a time.
    for (let i = 0; i < A_TRIPS; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => post(a.owner.key, '/trips', { title: `A ${i + j}` })),
      );
    await hanging.waitFor(PER_ENDPOINT);

    // B: a trip a second for a minute, each on its own schedule (a slow answer delays no other).
    const started = Date.now();
    let backlogSeen = false;
    const creations = Array.from({ length: B_SECONDS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, started + i * 1000 - Date.now()));
      await post(b.owner.key, '/trips', { title: `B ${i}` });
    });
    // Meanwhile, the metrics show A's endpoint's backlog under its own label.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const metrics = await (await fetch(metricsUrl)).text();
    const waitingA = sample(
      metrics,
      `jobs_queue_group_depth{queue="webhooks.deliver",group="${endpointA.id}",state="waiting"}`,
    );
    backlogSeen = (waitingA[0] ?? 0) > 0;
    expect(
      sample(metrics, 'jobs_queue_groups_waiting{queue="webhooks.deliver"}')[0],
    ).toBeGreaterThanOrEqual(1);
    await Promise.all(creations);

    const fromB = (r: ReceivedRequest) => r.body?.accountId === b.accountId;
    const received = await healthy.waitFor(B_SECONDS, fromB, 30_000);
    const lateness = received
      .map((r) => r.receivedAt - Date.parse(r.body.createdAt))
      .sort((x, y) => x - y);
    const p99 = lateness[Math.ceil(lateness.length * 0.99) - 1]!;
    expect(backlogSeen, 'A backlog in jobs_queue_group_depth').toBe(true);
    expect(p99, `B's lateness (ms): ${lateness.join(', ')}`).toBeLessThanOrEqual(5000);

    // A: every delivery recorded, none lost; at most PER_ENDPOINT requests open at once.
    const drained = Date.now() + (A_TRIPS / PER_ENDPOINT) * (TIMEOUT_MS + 1000) + 30_000;
    for (;;) {
      const pending = await prisma.delivery.count({
        where: { endpointId: endpointA.id, status: 'pending' },
      });
      if (pending === 0) break;
      if (Date.now() > drained) throw new Error(`${pending} of A's deliveries still pending`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const deliveriesA = await prisma.delivery.findMany({ where: { endpointId: endpointA.id } });
    expect(deliveriesA).toHaveLength(A_TRIPS);
    const unrecorded = deliveriesA.filter(
      (d) =>
        !(d.status === 'failed' && /^No answer within/.test(d.error ?? '')) &&
        d.status !== 'succeeded',
    );
    expect(unrecorded).toEqual([]);
    expect(hanging.requests).toHaveLength(A_TRIPS);
    expect(mostOpen(hanging.requests)).toBeLessThanOrEqual(PER_ENDPOINT);
  });
});
