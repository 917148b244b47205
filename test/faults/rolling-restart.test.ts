// Issue 25, rolling restart: two API processes behind a client that behaves like a load balancer
// (balancer.ts: routes by /readyz, retries only refused connections), each restarted in turn with
// SIGTERM under a steady load of creations and reads, with the default drain delay
// (SHUTDOWN_DRAIN_DELAY_MS unset). No request fails; every trip created is answered and every
// trip answered 201 is in the database (no committed write unanswered); each process was seen
// draining, and answers during its drain carried `Connection: close`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { spawnService, type ServiceProcess } from '../helpers/processes.ts';
import { TEST_ENV } from '../helpers/service.ts';
import { Balancer, type Answer } from './balancer.ts';

const CLIENTS = 6;
/** Answers each restarted process must give before the next one restarts. */
const ANSWERS_AFTER_RESTART = 50;
const TITLE_PREFIX = 'Rolling restart';

let databaseUrl: string;
let prisma: PrismaClient;
let key: string;
let accountId: number;
const processes: ServiceProcess[] = [];

/** An API process on `port`, with every default of the shutdown (the drain delay above all). */
function startApi(port: number): ServiceProcess {
  const child = spawnService({
    ...TEST_ENV,
    SHUTDOWN_DRAIN_DELAY_MS: '', // unset: the default
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SERVICE_ROLES: 'api',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  processes.push(child);
  return child;
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  ({
    accountId,
    owner: { key },
  } = await anAccount(prisma));
});
afterAll(async () => {
  for (const p of processes)
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  await prisma?.$disconnect();
});

describe('a rolling restart of two API processes', () => {
  it('fails no request of a client that follows /readyz, and answers every committed write', async () => {
    const ports = [await freePort(), await freePort()];
    const running = ports.map(startApi);
    const balancer = new Balancer(ports.map((port) => `http://127.0.0.1:${port}`));
    await balancer.allIn();

    const answers: Answer[] = [];
    const failures: string[] = [];
    const auth = { authorization: `Bearer ${key}` };
    let loading = true;
    const client = async (worker: number) => {
      for (let n = 0; loading; n++) {
        const title = `${TITLE_PREFIX} ${worker}-${n}`;
        try {
          const created = await balancer.request('POST', '/trips', auth, { title });
          answers.push(created);
          if (created.status !== 201) {
            failures.push(`POST /trips: ${created.status} ${JSON.stringify(created.body)}`);
            continue;
          }
          const read = await balancer.request('GET', `/trips/${created.body.id}`, auth);
          answers.push(read);
          if (read.status !== 200) failures.push(`GET /trips/:id: ${read.status}`);
        } catch (error) {
          failures.push(`${title}: ${(error as Error).message}`);
        }
      }
    };
    const load = Array.from({ length: CLIENTS }, (_, i) => client(i));
    const answeredBy = (url: string) => answers.filter((a) => a.upstream === url).length;

    for (const [i, port] of ports.entries()) {
      const url = balancer.upstreams[i]!.url;
      running[i]!.child.kill('SIGTERM');
      expect(await running[i]!.exited).toBe(0);
      running[i] = startApi(port);
      await expect
        .poll(() => balancer.upstreams[i]!.in, { timeout: 60_000, interval: 50 })
        .toBe(true);
      const before = answeredBy(url);
      await expect
        .poll(() => answeredBy(url) - before, { timeout: 30_000, interval: 50 })
        .toBeGreaterThanOrEqual(ANSWERS_AFTER_RESTART);
    }
    loading = false;
    await Promise.all(load);
    await balancer.stop();

    expect(failures).toEqual([]);
    // Each process was taken out by its probe before it stopped listening, and came back.
    for (const upstream of balancer.upstreams)
      expect(upstream.seen.join(' → ')).toMatch(/ready → draining → .+ → ready$/);
    // Keep-alive clients were told to move away during the drains.
    expect(answers.some((a) => a.closed)).toBe(true);
    // Every committed creation was answered, and every answered one committed.
    const committed = await prisma.trip.findMany({
      where: { accountId, title: { startsWith: TITLE_PREFIX } },
      select: { id: true },
    });
    const answeredIds = answers.filter((a) => a.status === 201).map((a) => a.body.id);
    const byId = (a: number, b: number) => a - b;
    expect(committed.map((t) => t.id).sort(byId)).toEqual(answeredIds.sort(byId));
    expect(answeredIds.length).toBeGreaterThan(4 * ANSWERS_AFTER_RESTART);
    console.info(
      `rolling restart: ${answers.length} answers, ${answeredIds.length} trips created, ${answers.filter((a) => a.closed).length} with Connection: close`,
    );
  }, 240_000);
});
