// Every background job of the service, registered by the worker role.
import type { z } from 'zod';
import { purgeCatalogTrashJob } from '../catalogs/catalogs.jobs.ts';
import { purgeTripTrashJob } from '../trips/trips.jobs.ts';
import type { JobDefinition } from './workers.ts';

export const WORKERS: ReadonlyArray<JobDefinition<z.ZodType>> = [purgeTripTrashJob, purgeCatalogTrashJob];
