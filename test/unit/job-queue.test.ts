// The job kit against a real PostgreSQL and pg-boss: a payload its schema refuses is refused before
// anything is written, with the job's name and the field; a job enqueued in a transaction that rolls
// back does not exist and wakes no worker; one enqueued in a transaction that commits exists only
// from the commit on, wakes this process's worker only then, and runs.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { BOSS_SCHEMA, startBoss } from '../../src/jobs/boss.ts';
import { defineJob } from '../../src/jobs/job.ts';
import { LocalWorkers } from '../../src/jobs/local-workers.ts';
import { InvalidJobPayloadError, JobQueue } from '../../src/jobs/queue.ts';
import { createQueues, defineWorker, startWorkers, type JobDeps } from '../../src/jobs/workers.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** Records which queues were woken, and wakes them for real. */
class RecordingWorkers extends LocalWorkers {
  woken: string[] = [];
  override wake(name: string): void {
    this.woken.push(name);
    super.wake(name);
  }
}

const echoJob = defineJob({
  name: 'test.echo',
  schema: z.object({ n: z.number().int().positive() }),
});
/** Never worked: jobs stay where they were written, for counting. */
const parkedJob = defineJob({
  name: 'test.parked',
  schema: z.object({ n: z.number().int().positive() }),
});

let prisma: PrismaClient;
let boss: PgBoss;
let workers: RecordingWorkers;
let jobs: JobQueue;
const ran: Array<{ n: number }> = [];
const running = new Map<number, () => void>();

/** The jobs of a queue pg-boss holds, seen from outside any transaction. */
const stored = async (name: string) =>
  prisma.$queryRawUnsafe<Array<{ data: { n: number } }>>(
    `SELECT data FROM ${BOSS_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
    name,
  );
/** Resolves once the worker has run the job with payload n. */
const runOf = (n: number) => new Promise<void>((resolve) => running.set(n, resolve));

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  const logger = createLogger('silent');
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  boss = await startBoss({ databaseUrl, worker: false, logger });
  workers = new RecordingWorkers();
  jobs = new JobQueue(boss, workers);
  await createQueues(boss, [echoJob, parkedJob]);
  const deps = { prisma, logger, jobs, metrics: { job: () => {} } } as unknown as JobDeps;
  const echoWorker = defineWorker(echoJob, {
    // Polls seldom: a job committed while it sleeps runs at once only because it was woken.
    pollingIntervalSeconds: 60,
    // A wake is one fetch: a batch of three is taken by one.
    batchSize: 10,
    handle: async (data) => {
      ran.push(data);
      running.get(data.n)?.();
    },
  });
  await startWorkers(boss, [echoWorker], deps);
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await prisma?.$disconnect();
});

describe('JobQueue', () => {
  it('refuses a payload its schema refuses, naming the job and the field, and writes nothing', async () => {
    const bad = { n: 'seven' } as unknown as { n: number };
    const refusal = prisma.$transaction((tx) => jobs.enqueue(tx, parkedJob, bad));
    await expect(refusal).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(refusal).rejects.toThrow(/^Invalid payload for job test\.parked: .*\n.*at n/);
    // A batch is checked whole before it is written: the good payload is not written either.
    await expect(
      prisma.$transaction((tx) => jobs.enqueueMany(tx, parkedJob, [{ n: 1 }, { n: -1 }])),
    ).rejects.toThrow(/Invalid payload for job test\.parked/);
    expect(await stored(parkedJob.name)).toEqual([]);
    expect(workers.woken).toEqual([]);
  });

  it('a job enqueued in a transaction that rolls back does not exist and wakes no worker', async () => {
    const rollback = prisma.$transaction(async (tx) => {
      await jobs.enqueue(tx, parkedJob, { n: 2 });
      await jobs.enqueueMany(tx, parkedJob, [{ n: 3 }, { n: 4 }]);
      const inside = `SELECT 1 FROM ${BOSS_SCHEMA}.job WHERE name = $1`;
      expect(await tx.$queryRawUnsafe(inside, parkedJob.name)).toHaveLength(3);
      throw new Error('the change fails after its jobs were queued');
    });
    await expect(rollback).rejects.toThrow('the change fails');
    expect(await stored(parkedJob.name)).toEqual([]);
    expect(workers.woken).toEqual([]);
  });

  it('a job enqueued in a transaction that commits exists from the commit on, wakes its worker then, and runs', async () => {
    const done = runOf(5);
    await prisma.$transaction(async (tx) => {
      await jobs.enqueue(tx, echoJob, { n: 5 });
      // Not committed yet: invisible outside the transaction, and no worker woken to look for it.
      expect(await stored(echoJob.name)).toEqual([]);
      expect(workers.woken).toEqual([]);
    });
    expect(workers.woken).toEqual([echoJob.name]);
    await done;
    expect(ran).toEqual([{ n: 5 }]);
  });

  it('a batch enqueued in a transaction that commits wakes its worker once and runs every job', async () => {
    workers.woken = [];
    const done = Promise.all([runOf(6), runOf(7), runOf(8)]);
    await prisma.$transaction((tx) =>
      jobs.enqueueMany(tx, echoJob, [{ n: 6 }, { n: 7 }, { n: 8 }]),
    );
    expect(workers.woken).toEqual([echoJob.name]);
    await done;
    expect(ran.map((data) => data.n).sort()).toEqual([5, 6, 7, 8]);
  });
});
