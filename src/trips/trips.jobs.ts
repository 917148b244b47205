// Background jobs of the trips domain.
import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { defineWorker } from '../jobs/workers.ts';
import { purgeTrash } from './trip-trash.service.ts';

/** Daily (docs/decisions.md#trips): erase trips deleted over 90 days ago. Safe to run twice. */
export const purgeTripTrashJob = defineJob({ name: 'trips.purge-trash', schema: z.object({}) });

export const purgeTripTrashWorker = defineWorker(purgeTripTrashJob, {
  cron: '17 3 * * *',
  async handle(_data, { prisma, clock, logger }) {
    const erased = await purgeTrash(prisma, clock());
    logger.info(erased, 'trip trash purged');
  },
});
