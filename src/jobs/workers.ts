// Typed jobs (a name plus a zod schema, shared by sender and handler) and the worker role's
// registration of their handlers. Domains add their definitions to WORKERS.
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { traceJob } from '../tracing/tracing.ts';

export { LocalWorkers } from './local-workers.ts';

export interface JobDeps {
  prisma: PrismaClient;
  services: Services;
  logger: Logger;
}

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** Jobs of this kind a worker process runs at once (default 1). */
  concurrency?: number;
  /** Jobs a worker takes at once; while batches come back full it fetches again without waiting. */
  batchSize?: number;
  /** How often an idle worker looks for jobs (pg-boss default 2 s; at least 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * A heartbeat (seconds, at least 10) for jobs that must not wait out pg-boss's 15-minute
   * expiration when their worker dies: once it goes stale the job is failed and retried.
   */
  heartbeatSeconds?: number;
  /** Must be safe to run twice: pg-boss delivers at least once. */
  handle(data: z.infer<S>, deps: JobDeps): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export async function sendJob<S extends z.ZodType>(
  boss: PgBoss,
  job: JobDefinition<S>,
  data: z.infer<S>,
): Promise<void> {
  await boss.send(job.name, job.schema.parse(data) as object);
}

/**
 * Every role sends jobs (in its transactions), so every role makes sure the queues exist, with
 * their heartbeat: a job takes its queue's when it is sent, and queues made before keep theirs
 * until updated here.
 */
export async function createQueues(
  boss: PgBoss,
  jobs: ReadonlyArray<JobDefinition<z.ZodType>>,
): Promise<void> {
  for (const job of jobs) {
    const heartbeatSeconds = job.heartbeatSeconds ?? null;
    const queue = await boss.getQueue(job.name);
    if (!queue) await boss.createQueue(job.name, heartbeatSeconds ? { heartbeatSeconds } : {});
    else if ((queue.heartbeatSeconds ?? null) !== heartbeatSeconds)
      await boss.updateQueue(job.name, { heartbeatSeconds });
  }
}

export async function startWorkers(
  boss: PgBoss,
  jobs: ReadonlyArray<JobDefinition<z.ZodType>>,
  deps: JobDeps,
): Promise<void> {
  for (const job of jobs) {
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    const batchSize = job.batchSize ?? 1;
    const options = {
      localConcurrency: 1,
      batchSize,
      burstWhenBatchFull: batchSize > 1,
      pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2,
    };
    const handler = async (batch: Array<{ id: string; data: unknown }>) => {
      // The jobs of a batch run side by side: a slow one does not delay the others' completion.
      const results = await Promise.allSettled(
        batch.map(async (item) => {
          const logger = deps.logger.child({ job: job.name, jobId: item.id });
          const started = performance.now();
          try {
            await traceJob(job.name, item.data, () =>
              job.handle(job.schema.parse(item.data), { ...deps, logger }),
            );
            deps.services.metrics.job(job.name, 'completed', (performance.now() - started) / 1000);
          } catch (error) {
            deps.services.metrics.job(job.name, 'failed', (performance.now() - started) / 1000);
            logger.error({ err: error }, 'job failed');
            throw error;
          }
        }),
      );
      // pg-boss settles a batch as a whole: a failure retries it, so handlers must be safe to run twice.
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    };
    // One pg-boss worker per unit of concurrency, each started on its own: `localConcurrency`
    // would start them together but answer the id of the first only, and a wake must reach
    // them all (the first may be busy with a slow job while the others sleep until their poll).
    for (let i = 0; i < (job.concurrency ?? 1); i++)
      deps.services.workers.add(job.name, await boss.work(job.name, options, handler));
  }
}
