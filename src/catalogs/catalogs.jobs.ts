// Background jobs of the catalogs domain.
import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { defineWorker } from '../jobs/workers.ts';
import { purgeCatalogTrash } from './catalog.service.ts';

/**
 * Daily: erase catalogs deleted over 90 days ago, like trips (docs/decisions.md#catalogs). Safe to
 * run twice.
 */
export const purgeCatalogTrashJob = defineJob({
  name: 'catalogs.purge-trash',
  schema: z.object({}),
});

export const purgeCatalogTrashWorker = defineWorker(purgeCatalogTrashJob, {
  cron: '27 3 * * *',
  async handle(_data, { prisma, clock, logger }) {
    const catalogs = await purgeCatalogTrash(prisma, clock());
    logger.info({ catalogs }, 'catalog trash purged');
  },
});
