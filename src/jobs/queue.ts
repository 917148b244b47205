// The job kit's sending side. A job is enqueued in the caller's transaction (pg-boss writes it over
// that transaction, boss-db.ts), so it commits or rolls back with the change that queued it: a
// rolled-back change never runs a job, a committed one always does. Once the transaction has
// committed, this process's own worker of the queue is woken (local-workers.ts) instead of waiting
// for its next poll.
import type { JobInsert, PgBoss } from 'pg-boss';
import { z } from 'zod';
import { afterCommit } from '../db/after-commit.ts';
import type { Prisma } from '../db/prisma.ts';
import { currentTraceparent } from '../tracing/tracing.ts';
import { bossDb, type RawSqlTransaction } from './boss-db.ts';
import type { Job, JobInput } from './job.ts';
import { LocalWorkers } from './local-workers.ts';

/**
 * What may differ between two jobs of a kind: when it may start, its own singleton key, its
 * priority, and the group and tier a fair worker shares its queue by (fair-worker.ts).
 */
export type EnqueueOptions = Pick<JobInsert, 'startAfter' | 'singletonKey' | 'priority' | 'group'>;

/** A payload its job's schema refuses: a defect of the caller, reported with the job's name. */
export class InvalidJobPayloadError extends Error {
  constructor(job: Job, error: z.ZodError) {
    super(`Invalid payload for job ${job.name}: ${z.prettifyError(error)}`);
    this.name = 'InvalidJobPayloadError';
  }
}

export class JobQueue {
  readonly #boss: PgBoss;
  /** This process's workers by queue; startWorkers adds them. */
  readonly local: LocalWorkers;

  constructor(boss: PgBoss, local = new LocalWorkers()) {
    this.#boss = boss;
    this.local = local;
  }

  /** Queues one job in the transaction `tx`; answers its id (null when a singleton refused it). */
  async enqueue<J extends Job>(
    tx: RawSqlTransaction,
    job: J,
    data: JobInput<J>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const payload = payloadOf(job, data);
    const id = await this.#boss.send(job.name, payload, {
      ...job.options,
      ...options,
      db: bossDb(tx),
    });
    this.#wakeAfterCommit(tx, job, options.startAfter ?? job.options?.startAfter);
    return id;
  }

  /** Queues many jobs of one kind in the transaction `tx`, in one statement (a fan-out); `options` gives each its own. */
  async enqueueMany<J extends Job>(
    tx: Prisma.TransactionClient,
    job: J,
    data: ReadonlyArray<JobInput<J>>,
    options?: (item: JobInput<J>) => Omit<EnqueueOptions, 'startAfter'>,
  ): Promise<void> {
    if (data.length === 0) return;
    // Every payload is checked before anything is written.
    const jobs = data.map((item) => ({
      ...job.options,
      ...options?.(item),
      data: payloadOf(job, item),
    }));
    await this.#boss.insert(job.name, jobs, { db: bossDb(tx) });
    this.#wakeAfterCommit(tx, job, job.options?.startAfter);
  }

  /**
   * Queues a job outside any transaction, written at once (a job that queues itself again for
   * later). Inside a change, use enqueue: a job sent so would run even if the change rolled back.
   */
  async send<J extends Job>(
    job: J,
    data: JobInput<J>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const id = await this.#boss.send(job.name, payloadOf(job, data), {
      ...job.options,
      ...options,
    });
    if (isDue(options.startAfter ?? job.options?.startAfter)) this.local.wake(job.name);
    return id;
  }

  #wakeAfterCommit(tx: RawSqlTransaction, job: Job, startAfter: JobInsert['startAfter']) {
    // A job due later cannot be taken now: its worker's poll will find it.
    if (isDue(startAfter)) afterCommit(tx, () => this.local.wake(job.name));
  }
}

/** The payload as the schema parses it, with the trace of what enqueued it while tracing is on. */
function payloadOf(job: Job, data: unknown): object {
  const parsed = job.schema.safeParse(data);
  if (!parsed.success) throw new InvalidJobPayloadError(job, parsed.error);
  const traceparent = currentTraceparent();
  return traceparent ? { ...(parsed.data as object), traceparent } : (parsed.data as object);
}

function isDue(startAfter: JobInsert['startAfter']): boolean {
  if (startAfter === undefined || startAfter === 0) return true;
  if (startAfter instanceof Date) return startAfter.getTime() <= Date.now();
  return false;
}
