// The fair worker against a real PostgreSQL and pg-boss, as two worker processes would run it (two
// workers on one queue): every job runs once and none fails; at no time are more than `perGroup`
// jobs of a group, `perTier` of a tier, or `slots` of one worker active; a job over a limit waits
// and is taken as soon as a slot of its own frees; jobs queued while every slot is held neither run
// nor stall the process (its timers still fire).
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { BOSS_SCHEMA, startBoss } from '../../src/jobs/boss.ts';
import { type FairLimits, FairWorker } from '../../src/jobs/fair-worker.ts';
import { defineJob } from '../../src/jobs/job.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { createQueues } from '../../src/jobs/workers.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestDatabase } from '../helpers/database.ts';

const job = (name: string) =>
  defineJob({ name, schema: z.object({ group: z.string(), tier: z.string(), n: z.number() }) });
type Held = { group: string; tier: string; n: number };

let prisma: PrismaClient;
let boss: PgBoss;
const workers: FairWorker[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 4 });
  boss = await startBoss({ databaseUrl, worker: false, logger: createLogger('silent') });
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop(1000)));
  await boss?.stop({ graceful: false });
  await prisma?.$disconnect();
});

/** Two fair workers (two processes) on a queue of their own, whose jobs wait to be released. */
async function twoWorkers(name: string, limits: FairLimits) {
  const heldJob = job(name);
  const jobs = new JobQueue(boss);
  await createQueues(boss, [heldJob]);
  const running = new Map<number, { data: Held; worker: number; release: () => void }>();
  const finished: number[] = [];
  const peaks = { group: new Map<string, number>(), tier: new Map<string, number>(), slots: 0 };
  const record = () => {
    const count = (key: (r: { data: Held; worker: number }) => string) => {
      const counts = new Map<string, number>();
      for (const r of running.values()) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
      return counts;
    };
    for (const [group, n] of count((r) => r.data.group))
      peaks.group.set(group, Math.max(peaks.group.get(group) ?? 0, n));
    for (const [tier, n] of count((r) => r.data.tier))
      peaks.tier.set(tier, Math.max(peaks.tier.get(tier) ?? 0, n));
    for (const n of count((r) => String(r.worker)).values()) peaks.slots = Math.max(peaks.slots, n);
  };
  for (const worker of [0, 1]) {
    const fair = new FairWorker({
      boss,
      job: heldJob,
      limits,
      pollingIntervalSeconds: 0.5,
      onError: (error) => errors.push(error),
      run: (item) =>
        new Promise<void>((resolve) => {
          const data = item.data as Held;
          running.set(data.n, {
            data,
            worker,
            release: () => {
              running.delete(data.n);
              finished.push(data.n);
              resolve();
            },
          });
          record();
        }),
    });
    fair.start();
    workers.push(fair);
    jobs.local.add(heldJob.name, () => fair.wake());
  }
  const enqueue = (items: Held[]) =>
    prisma.$transaction((tx) =>
      jobs.enqueueMany(tx, heldJob, items, (item) => ({
        group: { id: item.group, tier: item.tier },
      })),
    );
  /** Releases every job as it starts until `count` have run; checks the limits held throughout. */
  const drain = async (count: number) => {
    while (finished.length < count) {
      for (const r of [...running.values()]) r.release();
      await pause(100);
    }
    expect(Math.max(...peaks.group.values())).toBeLessThanOrEqual(limits.perGroup);
    expect(Math.max(...peaks.tier.values())).toBeLessThanOrEqual(limits.perTier);
    expect(peaks.slots).toBeLessThanOrEqual(limits.slots);
    await expect
      .poll(async () => {
        const [row] = await prisma.$queryRawUnsafe<Array<{ open: number; failed: number }>>(
          `SELECT count(*) FILTER (WHERE state < 'completed')::int AS open,
                  count(*) FILTER (WHERE state = 'failed')::int AS failed
           FROM ${BOSS_SCHEMA}.job WHERE name = $1`,
          name,
        );
        return row;
      })
      .toEqual({ open: 0, failed: 0 });
    expect(errors).toEqual([]);
  };
  return { running, finished, peaks, enqueue, drain };
}

/** Tier t1: groups a and b, 5 jobs each; tier t2: group c, 5 jobs. */
const ITEMS: Held[] = ['a', 'b', 'c'].flatMap((group, g) =>
  Array.from({ length: 5 }, (_, i) => ({ group, tier: group === 'c' ? 't2' : 't1', n: g * 5 + i })),
);
const until = (check: () => boolean) =>
  expect.poll(check, { timeout: 10_000, interval: 50 }).toBe(true);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (ns: number[]) => ns.toSorted((x, y) => x - y);

describe('FairWorker', () => {
  it('fills each tier and group to its limit and no further, and runs what waits once a slot of its own frees', async () => {
    const queue = await twoWorkers('test.fair-limits', { slots: 8, perGroup: 2, perTier: 3 });
    await queue.enqueue(ITEMS);
    // t1 takes 3 (a and b, at most 2 each), t2 takes 2 (group c): 5 of the 16 slots.
    await until(() => queue.running.size === 5);
    await pause(1500);
    expect(queue.running.size).toBe(5);
    const running = () => [...queue.running.values()];
    expect(running().filter((r) => r.data.tier === 't1')).toHaveLength(3);
    expect(running().filter((r) => r.data.group === 'c')).toHaveLength(2);

    // Freeing one of group c's slots lets the next of c start, none of t1's.
    running()
      .find((r) => r.data.group === 'c')!
      .release();
    await until(() => queue.finished.length === 1 && queue.running.size === 5);
    expect(running().filter((r) => r.data.group === 'c')).toHaveLength(2);

    await queue.drain(ITEMS.length);
    expect(sorted(queue.finished)).toEqual(sorted(ITEMS.map((i) => i.n)));
    expect(queue.peaks.tier.get('t1')).toBe(3);
    expect(queue.peaks.group.get('c')).toBe(2);
  });

  it('with every slot held, jobs queued meanwhile wait without stalling the process, and run once slots free', async () => {
    const queue = await twoWorkers('test.fair-slots', { slots: 2, perGroup: 2, perTier: 3 });
    await queue.enqueue(ITEMS);
    await until(() => queue.running.size === 4);
    // A job queued now wakes both workers, whose slots are all held: it waits, and this
    // process's timers keep firing (a worker that looked again without waiting would stall them).
    await queue.enqueue([{ group: 'd', tier: 't3', n: 100 }]);
    const started = Date.now();
    await pause(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(queue.running.size).toBe(4);
    expect(queue.running.has(100)).toBe(false);

    await queue.drain(ITEMS.length + 1);
    expect(sorted(queue.finished)).toEqual(sorted([...ITEMS.map((i) => i.n), 100]));
  });
});
