// Typed jobs (a name plus a zod schema, shared by sender and handler) and the worker role's
// registration of their handlers. Domains add their definitions to WORKERS.
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';
import type { PrismaClient } from '../db/prisma.ts';

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
  /** Must be safe to run twice: pg-boss delivers at least once. */
  handle(data: z.infer<S>, deps: JobDeps): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export async function sendJob<S extends z.ZodType>(boss: PgBoss, job: JobDefinition<S>, data: z.infer<S>): Promise<void> {
  await boss.send(job.name, job.schema.parse(data) as object);
}

export async function startWorkers(boss: PgBoss, jobs: ReadonlyArray<JobDefinition<z.ZodType>>, deps: JobDeps): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, async (batch) => {
      for (const item of batch) {
        await job.handle(job.schema.parse(item.data), { ...deps, logger: deps.logger.child({ job: job.name, jobId: item.id }) });
      }
    });
  }
}
