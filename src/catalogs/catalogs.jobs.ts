// Background jobs of the catalogs domain.
import { z } from 'zod';
import { defineJob } from '../jobs/workers.ts';
import { purgeCatalogTrash } from './catalog.service.ts';

/** Daily: erase catalogs deleted over 90 days ago, like trips (decisions "Catalogs"). Safe to run twice. */
export const purgeCatalogTrashJob = defineJob({
  name: 'catalogs.purge-trash',
  schema: z.object({}),
  cron: '27 3 * * *',
  async handle(_data, { prisma, services, logger }) {
    const catalogs = await purgeCatalogTrash(prisma, services.config.clock());
    logger.info({ catalogs }, 'catalog trash purged');
  },
});
