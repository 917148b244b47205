// Every background job of the service, registered by the worker role.
import type { z } from 'zod';
import { expirePaymentLinksJob } from '../bookings/bookings.jobs.ts';
import { purgeCatalogTrashJob } from '../catalogs/catalogs.jobs.ts';
import { IMPORT_JOBS } from '../imports/imports.jobs.ts';
import { purgeTripTrashJob } from '../trips/trips.jobs.ts';
import { WEBHOOK_JOBS } from '../webhooks/webhooks.jobs.ts';
import type { JobDefinition } from './workers.ts';

export const WORKERS: ReadonlyArray<JobDefinition<z.ZodType>> = [
  purgeTripTrashJob,
  purgeCatalogTrashJob,
  ...WEBHOOK_JOBS,
  expirePaymentLinksJob,
  ...IMPORT_JOBS,
];
