// The fair worker against a real PostgreSQL and pg-boss, as two worker processes would run it (two
// workers on one queue): every job runs once and none fails; at no time are more than `perGroup`
// jobs of a group, `perTier` of a tier, or `slots` of one worker under way; a job over a limit waits
// and is taken as soon as a lane of its own frees; jobs queued while every lane is held neither run
// nor stall the process (its timers still fire). The claim itself (claimSql): one statement opens
// lanes of up to `batch` jobs of a group, dealt in turn, within the group's and the tier's room;
// a worker that stops hands its lanes' unstarted jobs back to the queue.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { BOSS_SCHEMA, startBoss } from '../../src/jobs/boss.ts';
import {
  type ClaimedJob,
  claimSql,
  type FairLimits,
  FairWorker,
} from '../../src/jobs/fair-worker.ts';
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

describe('claimSql', () => {
  /** One claim statement (the lock and the claim, sent as one) on the queue `name`. */
  const claim = async (name: string, limits: FairLimits, lanes: number) => {
    const results = (await boss
      .getDb()
      .executeSql(claimSql(name, limits, lanes))) as unknown as Array<{ rows: ClaimedJob[] }>;
    const rows = results.at(-1)!.rows;
    const lanesOf = new Map<string, number[]>();
    for (const row of rows)
      lanesOf.set(row.lane, [...(lanesOf.get(row.lane) ?? []), (row.data as Held).n]);
    // Lanes in the order of their first job (the statement orders them by their random tags).
    return [...lanesOf.values()].sort((x, y) => x[0]! - y[0]!);
  };
  const states = async (name: string) =>
    prisma.$queryRawUnsafe<Array<{ n: number; state: string; lane: string | null }>>(
      `SELECT (data->>'n')::int AS n, state::text, output->>'lane' AS lane FROM ${BOSS_SCHEMA}.job
       WHERE name = $1 ORDER BY 1`,
      name,
    );

  it("opens in one statement each group's lanes (its jobs dealt among them, oldest first, at most `batch` each), within the group's and the tier's room", async () => {
    const name = 'test.fair-claim';
    const heldJob = job(name);
    const jobs = new JobQueue(boss);
    await createQueues(boss, [heldJob]);
    // Oldest first: group g (tier t) 25 jobs, then h (tier u) 3, then k (tier t) 4; each job
    // queued in a transaction of its own, so that each is older than the next (pg-boss's order).
    const queue = async (group: string, tier: string, from: number, count: number) => {
      for (let n = from; n < from + count; n++)
        await prisma.$transaction((tx) =>
          jobs.enqueueMany(tx, heldJob, [{ group, tier, n }], (item) => ({
            group: { id: item.group, tier: item.tier },
          })),
        );
    };
    await queue('g', 't', 0, 25);
    await queue('h', 'u', 100, 3);
    await queue('k', 't', 200, 4);
    const limits = { slots: 8, perGroup: 2, perTier: 3, batch: 5 };

    const lanes = await claim(name, limits, 8);
    // Every group's first lane before any group's second; tier t has room for 3 lanes (g, k, g),
    // so k's second lane is not opened and its jobs stay queued.
    expect(
      lanes.map((lane) => lane.toSorted((x, y) => x - y)).toSorted((x, y) => x[0]! - y[0]!),
    ).toEqual([[0, 2, 4, 6, 8], [1, 3, 5, 7, 9], [100, 102], [101], [200, 202]]);
    const claimed = (await states(name)).filter((j) => j.state === 'active');
    expect(claimed).toHaveLength(15);
    expect(new Set(claimed.map((j) => j.lane)).size).toBe(5);

    // Every group and tier is full: nothing more.
    expect(await claim(name, limits, 8)).toEqual([]);

    // One of g's lanes ends: tier t has room for one lane again. g and k both have room; g's
    // oldest waiting job is older than k's, so g gets it.
    const done = claimed.filter(
      (j) => j.n === 0 || j.n === 2 || j.n === 4 || j.n === 6 || j.n === 8,
    );
    const ids = await prisma.$queryRawUnsafe<Array<{ id: string }>>(
      `SELECT id::text FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND (data->>'n')::int = ANY($2::int[])`,
      name,
      done.map((j) => j.n),
    );
    await boss.complete(
      name,
      ids.map((r) => r.id),
    );
    expect(await claim(name, limits, 8)).toEqual([[10, 11, 12, 13, 14]]);
  });

  it("gives a lane no more than its group's share of what waits: a burst shared by the lanes that free next", async () => {
    const name = 'test.fair-share';
    const heldJob = job(name);
    const jobs = new JobQueue(boss);
    await createQueues(boss, [heldJob]);
    for (let n = 0; n < 6; n++)
      await prisma.$transaction((tx) =>
        jobs.enqueueMany(tx, heldJob, [{ group: 's', tier: 't', n }], (item) => ({
          group: { id: item.group, tier: item.tier },
        })),
      );
    // One lane asked for, of a group of three: 6 waiting over 3 lanes is 2 each, not `batch`
    // (dealt in turn, as if the three were opened: the others take what lies between).
    const limits = { slots: 8, perGroup: 3, perTier: 3, batch: 5 };
    expect(await claim(name, limits, 1)).toEqual([[0, 3]]);
    expect(await claim(name, limits, 8)).toEqual([
      [1, 4],
      [2, 5],
    ]);
  });

  it('a worker that stops hands the unstarted jobs of its lanes back to the queue at once', async () => {
    const name = 'test.fair-release';
    const heldJob = job(name);
    const jobs = new JobQueue(boss);
    await createQueues(boss, [heldJob]);
    let release!: () => void;
    const started: number[] = [];
    const worker = new FairWorker({
      boss,
      job: heldJob,
      limits: { slots: 4, perGroup: 1, perTier: 4, batch: 5 },
      pollingIntervalSeconds: 0.5,
      onError: (error) => errors.push(error),
      run: (item) => {
        started.push((item.data as Held).n);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await prisma.$transaction((tx) =>
      jobs.enqueueMany(
        tx,
        heldJob,
        Array.from({ length: 5 }, (_, n) => ({ group: 'g', tier: 't', n })),
        (item) => ({ group: { id: item.group, tier: item.tier } }),
      ),
    );
    worker.start();
    await until(() => started.length === 1);
    // One lane of five: the first under way, four waiting in the lane.
    expect((await states(name)).filter((j) => j.state === 'active')).toHaveLength(5);
    await worker.stop(200);
    const after = await states(name);
    expect(after.filter((j) => j.state === 'active').map((j) => j.n)).toEqual(started);
    expect(after.filter((j) => j.state === 'created')).toHaveLength(4);
    expect(after.filter((j) => j.state === 'created').every((j) => j.lane === null)).toBe(true);
    // The job under way still ends and is settled.
    release();
    await expect
      .poll(async () => (await states(name)).find((j) => j.n === started[0])?.state)
      .toBe('completed');
    expect(started).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
