// The hourly purge of idempotency keys' answers kept past their 24 hours (docs/errors-and-limits.md#idempotency-keys).
// A replay already ignores an expired answer; the purge keeps the table to about a day of requests.
import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { defineWorker } from '../jobs/workers.ts';
import { purgeExpiredAnswers } from './idempotency.store.ts';

export const purgeIdempotencyKeysJob = defineJob({
  name: 'idempotency.purge-keys',
  schema: z.object({}),
});

export const purgeIdempotencyKeysWorker = defineWorker(purgeIdempotencyKeysJob, {
  cron: '37 * * * *',
  async handle(_data, { prisma, clock, logger }) {
    const erased = await purgeExpiredAnswers(prisma, clock());
    logger.info({ erased }, 'expired idempotency keys purged');
  },
});
