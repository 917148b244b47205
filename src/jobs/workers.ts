// The job kit's running side: a worker (a job's handler and how the worker role runs it) and the
// worker role's registration of every domain's workers (registry.ts lists them).
import type { PgBoss } from 'pg-boss';
import type { Config } from '../config/config.ts';
import type { Keys } from '../config/secret-key.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Services } from '../services.ts';
import { traceJob } from '../tracing/tracing.ts';
import { type FairLimits, FairWorker, type LaneScope } from './fair-worker.ts';
import type { Job, JobData } from './job.ts';
import type { JobQueue } from './queue.ts';

/** What a handler is given: the long-lived objects jobs use, each by name. */
export interface JobDeps {
  prisma: PrismaClient;
  logger: Logger;
  /** The service's clock (tests set it). */
  clock: () => Date;
  /** To queue follow-up jobs in the handler's transactions. */
  jobs: JobQueue;
  metrics: Metrics;
  config: Config;
  keys: Keys;
  events: Services['events'];
  /** A fair worker's lane, for what its jobs keep from one to the next (fair-worker.ts). */
  lane?: LaneScope;
}

export interface JobWorker<J extends Job = Job> {
  job: J;
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** Jobs of this kind a worker process runs at once (default 1). */
  concurrency?: number;
  /** Jobs a worker takes at once; while batches come back full it fetches again without waiting. */
  batchSize?: number;
  /** How often an idle worker looks for jobs (pg-boss default 2 s; at least 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * Shares the queue fairly between the groups and tiers its jobs are sent with (`group` when
   * enqueued, fair-worker.ts), within these limits; `concurrency` and `batchSize` do not apply.
   */
  fair?: (config: Config) => FairLimits;
  /** Must be safe to run twice: pg-boss delivers at least once. */
  handle(data: JobData<J>, deps: JobDeps): Promise<void>;
}

/** A job's handler, beside the job it runs (or, when the handler's code enqueues it, in <domain>.workers.ts). */
export function defineWorker<J extends Job>(
  job: J,
  worker: Omit<JobWorker<J>, 'job'>,
): JobWorker<J> {
  return { job, ...worker };
}

/**
 * Every role sends jobs (in its transactions), so every role makes sure the queues exist, with
 * their heartbeat: a job takes its queue's when it is sent, and queues made before keep theirs
 * until updated here.
 */
export async function createQueues(boss: PgBoss, jobs: ReadonlyArray<Job>): Promise<void> {
  for (const job of jobs) {
    const heartbeatSeconds = job.heartbeatSeconds ?? null;
    const queue = await boss.getQueue(job.name);
    if (!queue) await boss.createQueue(job.name, heartbeatSeconds ? { heartbeatSeconds } : {});
    else if ((queue.heartbeatSeconds ?? null) !== heartbeatSeconds)
      await boss.updateQueue(job.name, { heartbeatSeconds });
  }
}

/** Runs one job with its trace, metrics and log; a throw fails it. */
async function runJob(
  worker: JobWorker,
  item: { id: string; data: unknown },
  deps: JobDeps,
  lane?: LaneScope,
) {
  const { job } = worker;
  const logger = deps.logger.child({ job: job.name, jobId: item.id });
  const started = performance.now();
  try {
    await traceJob(job.name, item.data, () =>
      worker.handle(job.schema.parse(item.data), { ...deps, logger, ...(lane && { lane }) }),
    );
    deps.metrics.job(job.name, 'completed', (performance.now() - started) / 1000);
  } catch (error) {
    deps.metrics.job(job.name, 'failed', (performance.now() - started) / 1000);
    logger.error({ err: error }, 'job failed');
    throw error;
  }
}

/** Starts every worker; answers how to stop those pg-boss does not stop with itself (the fair ones). */
export async function startWorkers(
  boss: PgBoss,
  workers: ReadonlyArray<JobWorker>,
  deps: JobDeps,
): Promise<(timeoutMs: number) => Promise<void>> {
  const fair: FairWorker[] = [];
  for (const worker of workers) {
    const { job } = worker;
    if (worker.cron) await boss.schedule(job.name, worker.cron, {}, { tz: 'UTC' });
    if (worker.fair) {
      const fairWorker = new FairWorker({
        boss,
        job,
        limits: worker.fair(deps.config),
        pollingIntervalSeconds: worker.pollingIntervalSeconds ?? 2,
        run: (item, lane) => runJob(worker, item, deps, lane),
        onError: (error) => deps.logger.warn({ err: error, job: job.name }, 'fair worker error'),
      });
      fairWorker.start();
      fair.push(fairWorker);
      deps.jobs.local.add(job.name, () => fairWorker.wake());
      continue;
    }
    const batchSize = worker.batchSize ?? 1;
    const options = {
      localConcurrency: 1,
      batchSize,
      burstWhenBatchFull: batchSize > 1,
      pollingIntervalSeconds: worker.pollingIntervalSeconds ?? 2,
    };
    const handler = async (batch: Array<{ id: string; data: unknown }>) => {
      // The jobs of a batch run side by side: a slow one does not delay the others' completion.
      const results = await Promise.allSettled(batch.map((item) => runJob(worker, item, deps)));
      // pg-boss settles a batch as a whole: a failure retries it, so handlers must be safe to run twice.
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    };
    // One pg-boss worker per unit of concurrency, each started on its own: `localConcurrency`
    // would start them together but answer the id of the first only, and a wake must reach
    // them all (the first may be busy with a slow job while the others sleep until their poll).
    for (let i = 0; i < (worker.concurrency ?? 1); i++) {
      const id = await boss.work(job.name, options, handler);
      deps.jobs.local.add(job.name, () => boss.notifyWorker(id));
    }
  }
  return async (timeoutMs) => {
    await Promise.all(fair.map((worker) => worker.stop(timeoutMs)));
  };
}
