// Issue 25, item 3's last point: what becomes of a creation that committed but is still in flight
// when the shutdown time-out runs out (SIGTERM, the real process, src/main.ts). The test-only
// IDEMPOTENCY_TEST_DELAY_MS holds the request after its commit, before its answer, for longer
// than SHUTDOWN_TIMEOUT_MS. What happens, and what this test holds:
// - the shutdown does not wait for it past the time-out: its connection is cut, and the client
//   gets no answer (an in-flight request that ends within the time-out is answered, see
//   rolling-restart.test.ts);
// - the trip is committed, once;
// - the client that retries with its Idempotency-Key (on the process that replaced it) gets the
//   original answer, the same trip, and nothing is created again.
// So a committed write cut by the time-out is never lost for a client that sends a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { type ServiceProcess, spawnReadyService, stopAll } from '../helpers/processes.ts';

/** Far longer than the shutdown time-out; shorter than a transaction's time-out. */
const HOLD_MS = '20000';

let databaseUrl: string;
let prisma: PrismaClient;
let key: string;
let accountId: number;
const processes: ServiceProcess[] = [];

async function start(env: Record<string, string> = {}) {
  const { service, url } = await spawnReadyService(databaseUrl, {
    SERVICE_ROLES: 'api',
    ...env,
  });
  processes.push(service);
  return { service, url };
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

const storedKeys = (idempotencyKey: string) =>
  prisma.idempotencyKey.count({ where: { accountId, key: idempotencyKey } });

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  ({
    accountId,
    owner: { key },
  } = await anAccount(prisma));
});
afterAll(async () => {
  await stopAll(processes);
  await prisma?.$disconnect();
});

describe('SIGTERM with a committed creation still in flight past SHUTDOWN_TIMEOUT_MS', () => {
  it('cuts its connection at the time-out, keeps the trip, and answers the retry with its key with the original trip', async () => {
    const { service, url } = await start({
      IDEMPOTENCY_TEST_DELAY_MS: HOLD_MS,
      IDEMPOTENCY_TEST_DELAY_AT: 'afterCommit',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    const cut = createTrip(url, 'Committed, cut', 'key-cut').then(
      (response) => `answered ${response.status}`,
      () => 'no answer',
    );
    await expect.poll(() => storedKeys('key-cut'), { timeout: 30_000, interval: 20 }).toBe(1);
    service.child.kill('SIGTERM');
    // The request's hold is far longer than the time-out: the shutdown cuts it, without an answer.
    expect(await cut).toBe('no answer');
    const committed = await prisma.trip.findMany({ where: { accountId, title: 'Committed, cut' } });
    expect(committed).toHaveLength(1);

    const { url: next } = await start();
    const replayed = await createTrip(next, 'Committed, cut', 'key-cut');
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as { id: number }).id).toBe(committed[0]!.id);
    expect(await prisma.trip.count({ where: { accountId, title: 'Committed, cut' } })).toBe(1);
    // The process stopped by itself (exit code 0), its held request notwithstanding.
    expect(await service.exited).toBe(0);
  });
});
