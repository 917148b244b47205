// Issue 28, item 2: a client retries a trip's creation with its Idempotency-Key after the service
// died with the request in flight (kill -9, the real process, src/main.ts). The test-only
// IDEMPOTENCY_TEST_DELAY_MS holds the request at the moment to kill it:
// - after its transaction committed, before the answer left: the retry replays the stored
//   answer, the original trip, and nothing is created again;
// - before the commit, the trip and its answer written but not committed: nothing of it stays,
//   and the retry creates the trip, once.
// Either way the account ends with one trip and one trip.created, delivered to a real receiver.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { type ServiceProcess, spawnReadyService, stopAll } from '../helpers/processes.ts';
import { type ReceivedRequest, type Receiver, startReceiver } from '../helpers/receiver.ts';

const TEST_CA = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url));
/** Longer than the test takes to kill the held request; shorter than a transaction's time-out. */
const HOLD_MS = '20000';

let databaseUrl: string;
let dataDir: string;
let prisma: PrismaClient;
let key: string;
let accountId: number;
let receiver: Receiver;
const processes: ServiceProcess[] = [];

async function start(env: Record<string, string> = {}): Promise<string> {
  const { service, url } = await spawnReadyService(databaseUrl, {
    DATA_DIR: dataDir,
    SERVICE_ROLES: 'api,worker',
    NODE_EXTRA_CA_CERTS: TEST_CA,
    ...env,
  });
  processes.push(service);
  return url;
}

async function kill() {
  const service = processes.at(-1)!;
  service.child.kill('SIGKILL');
  await service.exited;
}

function createTrip(url: string, title: string, idempotencyKey: string) {
  return fetch(`${url}/trips`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify({ title }),
  });
}

async function until(condition: () => Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}:\n${processes.at(-1)?.output()}`);
}

const trips = (title: string) => prisma.trip.findMany({ where: { accountId, title } });
const createdEvents = (tripId: number) =>
  prisma.event.count({ where: { accountId, type: 'trip.created', resourceId: tripId } });
const storedKeys = (idempotencyKey: string) =>
  prisma.idempotencyKey.count({ where: { accountId, key: idempotencyKey } });
/** A transaction of the service waiting, its last statement the key's answer written. */
const heldBeforeCommit = async () => {
  const [row] = await prisma.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE state = 'idle in transaction' AND query ILIKE 'INSERT INTO %idempotency_keys%'`,
  );
  return row!.n > 0;
};

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-idempotent-'));
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  ({
    accountId,
    owner: { key },
  } = await anAccount(prisma));
  receiver = await startReceiver();
});
afterAll(async () => {
  await stopAll(processes);
  await receiver?.close();
  await prisma?.$disconnect();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 with an idempotent creation in flight, then a retry with its key', () => {
  it('gets the original trip once after a kill between the commit and the answer, and creates it once after a kill before the commit', async () => {
    // After the commit: the trip, its event and its answer are stored; the answer never leaves.
    let url = await start({
      IDEMPOTENCY_TEST_DELAY_MS: HOLD_MS,
      IDEMPOTENCY_TEST_DELAY_AT: 'afterCommit',
    });
    const endpoint = await fetch(`${url}/webhooks/endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Retries', url: receiver.url, eventTypes: ['trip.created'] }),
    });
    expect(endpoint.status).toBe(201);
    const lost = createTrip(url, 'Committed, unanswered', 'key-after-commit').then(
      (response) => response.status,
      () => 'no answer',
    );
    await until(async () => (await storedKeys('key-after-commit')) === 1, 'the commit');
    await kill();
    expect(await lost).toBe('no answer');
    const [committed] = await trips('Committed, unanswered');
    expect(committed).toBeDefined();

    // Before the commit: the trip and its answer are written in the transaction, not committed.
    url = await start({
      IDEMPOTENCY_TEST_DELAY_MS: HOLD_MS,
      IDEMPOTENCY_TEST_DELAY_AT: 'beforeCommit',
    });
    const held = createTrip(url, 'Uncommitted', 'key-before-commit').then(
      (response) => response.status,
      () => 'no answer',
    );
    await until(heldBeforeCommit, 'the transaction held before its commit');
    await kill();
    expect(await held).toBe('no answer');
    expect(await trips('Uncommitted')).toEqual([]);
    expect(await storedKeys('key-before-commit')).toBe(0);

    url = await start();
    const replayed = await createTrip(url, 'Committed, unanswered', 'key-after-commit');
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await replayed.json()).id).toBe(committed!.id);

    const retried = await createTrip(url, 'Uncommitted', 'key-before-commit');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const created = (await retried.json()) as { id: number };
    const again = await createTrip(url, 'Uncommitted', 'key-before-commit');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).id).toBe(created.id);

    // One trip of each, one trip.created of each, recorded and delivered.
    expect((await trips('Committed, unanswered')).map((t) => t.id)).toEqual([committed!.id]);
    expect((await trips('Uncommitted')).map((t) => t.id)).toEqual([created.id]);
    for (const id of [committed!.id, created.id]) expect(await createdEvents(id)).toBe(1);
    const isCreated = (r: ReceivedRequest) =>
      r.body?.type === 'trip.created' && r.body.accountId === accountId;
    await receiver.waitFor(2, isCreated, 60_000);
    const eventsByTrip = new Map<number, Set<string>>();
    for (const r of receiver.requests.filter(isCreated)) {
      const trip = r.body.data.trip.id as number;
      eventsByTrip.set(trip, (eventsByTrip.get(trip) ?? new Set()).add(r.body.eventId));
    }
    expect([...eventsByTrip.keys()].sort()).toEqual([committed!.id, created.id].sort());
    for (const eventIds of eventsByTrip.values()) expect(eventIds.size).toBe(1);
  });
});
