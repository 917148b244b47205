// Issue 8, fault (a): the service process is killed with SIGKILL while clients create trips and
// save configurations, then started again. Every write that was answered with a 2xx is there
// after the restart; a configuration holds the last acknowledged save or the one in flight, never
// an older one; and every acknowledged write has its event delivered to a real HTTPS receiver
// (at least once: duplicates are allowed, deduplicated on the eventId; a missing one is not).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { defaultConfiguration } from '../../src/trips/configuration.defaults.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { type ServiceProcess, spawnService, stopAll } from '../helpers/processes.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/receiver.ts';
import { TEST_ENV } from '../helpers/service.ts';

const CREATORS = 3;
const CONFIG_WRITERS = 3;
/** Acknowledged writes before the kill: enough that it lands in the middle of the load. */
const WRITES_BEFORE_KILL = 60;
const MAX_ATTEMPTS_PER_CLIENT = 2_000;
/** trip.configUpdated is debounced (60 s by default): a short window lets the test see it settle. */
const DEBOUNCE_SECONDS = 1;
/** How long the restarted service may take to deliver every event. */
const DELIVERY_TIMEOUT_MS = 120_000;
/** The receiver's answer time during the load. */
const RECEIVER_DELAY_MS = 1_000;
const TEST_CA = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url));

let databaseUrl: string;
let dataDir: string;
let prisma: PrismaClient;
let key: string;
let accountId: number;
let receiver: Receiver;
let killedAt = Infinity;
let restartedAt = Infinity;
const processes: ServiceProcess[] = [];

async function start(): Promise<string> {
  const port = await freePort();
  const child = spawnService({
    ...TEST_ENV,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    SERVICE_ROLES: 'api,worker',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    // The receiver listens on 127.0.0.1 with a certificate of the test authority.
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    NODE_EXTRA_CA_CERTS: TEST_CA,
    WEBHOOK_DEBOUNCE_SECONDS: String(DEBOUNCE_SECONDS),
  });
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries++) {
    if (
      (await fetch(`${url}/status`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return url;
    if (child.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service did not start:\n${child.output()}`);
}

async function send(url: string, method: string, target: string, body: unknown) {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-kill-'));
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  ({
    accountId,
    owner: { key },
  } = await anAccount(prisma)); // enterprise: it may have webhooks
  receiver = await startReceiver();
});
afterAll(async () => {
  await stopAll(processes);
  await receiver?.close();
  await prisma?.$disconnect();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a write load', () => {
  it('keeps every acknowledged trip and configuration save across the restart, and delivers their events', async () => {
    const url = await start();
    const endpoint = await send(url, 'POST', '/webhooks/endpoints', {
      name: 'Kill test',
      url: receiver.url,
      eventTypes: ['trip.created', 'trip.configUpdated'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    // A slow receiver keeps deliveries in flight, so the kill interrupts some: their 2xx comes
    // after the kill, the killed process never sees it, and they must be sent again.
    receiver.respond(() => ({ status: 200, body: 'ok', delayMs: RECEIVER_DELAY_MS }));
    const configTrips: number[] = [];
    for (let i = 0; i < CONFIG_WRITERS; i++) {
      const res = await send(url, 'POST', '/trips', { title: `Config writer ${i}` });
      expect(res.status).toBe(201);
      configTrips.push(res.body.id);
    }

    const created: Array<{ id: number; title: string }> = [];
    const attemptedCreations: string[] = [];
    const saves = configTrips.map(() => ({ acknowledged: 0, attempted: 0 }));
    let acknowledged = 0;
    let killed = false;

    const creator = async (worker: number) => {
      for (let n = 0; !killed && n < MAX_ATTEMPTS_PER_CLIENT; n++) {
        const title = `Kill test ${worker}-${n}`;
        attemptedCreations.push(title);
        const res = await send(url, 'POST', '/trips', { title }).catch(() => undefined);
        if (!res) return; // the process is gone: this write's fate is unknown
        expect(res.status).toBe(201);
        created.push({ id: res.body.id, title });
        acknowledged++;
      }
    };
    const configWriter = async (worker: number) => {
      const tripId = configTrips[worker]!;
      for (let n = 1; !killed && n <= MAX_ATTEMPTS_PER_CLIENT; n++) {
        saves[worker]!.attempted = n;
        const document = {
          ...defaultConfiguration(),
          settings: { ...defaultConfiguration().settings, description: `save ${n}` },
        };
        const res = await send(url, 'PUT', `/trips/${tripId}/config`, document).catch(
          () => undefined,
        );
        if (!res) return;
        expect(res.status).toBe(200);
        saves[worker]!.acknowledged = n;
        acknowledged++;
      }
    };
    const clients = [
      ...Array.from({ length: CREATORS }, (_, i) => creator(i)),
      ...Array.from({ length: CONFIG_WRITERS }, (_, i) => configWriter(i)),
    ];
    const inFlight = () => receiver.requests.some((r) => r.answeredAt === undefined);
    for (const deadline = Date.now() + 60_000; acknowledged < WRITES_BEFORE_KILL || !inFlight(); ) {
      if (Date.now() > deadline)
        throw new Error(`no delivery in flight after ${acknowledged} acknowledged writes`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killedAt = Date.now();
    processes.at(-1)!.child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    await processes.at(-1)!.exited;

    // The kill landed inside the load: every client had writes acknowledged.
    expect(created.length).toBeGreaterThan(0);
    for (const save of saves) expect(save.acknowledged).toBeGreaterThan(0);

    receiver.respond(() => ({ status: 200, body: 'ok' }));
    restartedAt = Date.now();
    const restarted = await start();
    for (const trip of created) {
      const res = await send(restarted, 'GET', `/trips/${trip.id}`, undefined);
      expect(res.status, `trip ${trip.id}, acknowledged before the kill`).toBe(200);
      expect(res.body.title).toBe(trip.title);
    }
    for (const [worker, tripId] of configTrips.entries()) {
      const res = await send(restarted, 'GET', `/trips/${tripId}/config`, undefined);
      const saved = Number(/^save (\d+)$/.exec(res.body.settings.description ?? '')?.[1] ?? 0);
      expect(saved, `configuration of trip ${tripId}`).toBeGreaterThanOrEqual(
        saves[worker]!.acknowledged,
      );
      expect(saved).toBeLessThanOrEqual(saves[worker]!.attempted);
    }
    // Nothing was invented either: every stored trip of the load was attempted.
    const stored = await prisma.trip.findMany({
      where: { title: { startsWith: 'Kill test ' } },
      select: { title: true },
    });
    expect(stored.length).toBeGreaterThanOrEqual(created.length);
    for (const { title } of stored) expect(attemptedCreations).toContain(title);

    // Every acknowledged creation has its trip.created delivered, and every configuration save
    // its trip.configUpdated: no change waits in the debounce (a save after the last event would
    // have left one pending) and every configUpdated event recorded for the trip has arrived.
    // Delivered means answered 2xx while its sender was alive to hear it.
    expect(
      receiver.requests.filter((r) => r.receivedAt < restartedAt && !delivered(r)).length,
      'deliveries the kill interrupted',
    ).toBeGreaterThan(0);
    const acknowledgedTrips = [...configTrips, ...created.map((t) => t.id)];
    await settled(acknowledgedTrips, configTrips);
    const receivedIds = (type: string) =>
      new Set(received(type).map((r) => r.body.data.trip.id as number));
    const createdDelivered = receivedIds('trip.created');
    const missing = acknowledgedTrips.filter((id) => !createdDelivered.has(id));
    expect(
      missing,
      `acknowledged trips without a delivered trip.created (of ${acknowledgedTrips.length})`,
    ).toEqual([]);
    const configDelivered = receivedIds('trip.configUpdated');
    expect(
      configTrips.filter((id) => !configDelivered.has(id)),
      'configurations without a delivered trip.configUpdated',
    ).toEqual([]);
    expect(
      await undeliveredEvents(configTrips),
      'trip.configUpdated events recorded but not delivered',
    ).toEqual([]);
    expect(
      await pendingChanges(configTrips),
      'configuration changes still waiting in the debounce',
    ).toEqual([]);
  });
});

/**
 * A request the receiver answered before the kill (its sender could hear the 2xx), or one the
 * restarted service sent. One answered after the kill was lost with its sender: not delivered.
 */
const delivered = (r: ReceivedRequest) =>
  r.answeredAt !== undefined && (r.answeredAt < killedAt || r.receivedAt >= restartedAt);

/** Delivered requests of one event type, one per eventId (at-least-once may repeat one). */
function received(type: string) {
  const ours = receiver.requests.filter(
    (r) => delivered(r) && r.body?.type === type && r.body.accountId === accountId,
  );
  return [...new Map(ours.map((r) => [r.headers['x-service-delivery'], r])).values()];
}

/** trip.configUpdated events recorded for these trips that have not been delivered. */
async function undeliveredEvents(tripIds: number[]): Promise<string[]> {
  const events = await prisma.event.findMany({
    where: { accountId, type: 'trip.configUpdated', resourceId: { in: tripIds } },
    select: { id: true },
  });
  const seen = new Set(received('trip.configUpdated').map((r) => r.headers['x-service-delivery']));
  return events.map((e) => e.id).filter((id) => !seen.has(id));
}

async function pendingChanges(tripIds: number[]): Promise<string[]> {
  const rows = await prisma.eventDebounce.findMany({
    where: { accountId, pending: true, resourceId: { in: tripIds } },
    select: { key: true },
  });
  return rows.map((r) => r.key);
}

/** Waits until every expected delivery has arrived, or DELIVERY_TIMEOUT_MS has passed (the assertions then say what is missing). */
async function settled(createdIds: number[], configTrips: number[]) {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const trips = new Set(received('trip.created').map((r) => r.body.data.trip.id));
    const configs = new Set(received('trip.configUpdated').map((r) => r.body.data.trip.id));
    if (
      createdIds.every((id) => trips.has(id)) &&
      configTrips.every((id) => configs.has(id)) &&
      (await pendingChanges(configTrips)).length === 0 &&
      (await undeliveredEvents(configTrips)).length === 0
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
