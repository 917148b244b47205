// Every background job of the service, registered by the worker role.
import type { z } from 'zod';
import type { JobDefinition } from './workers.ts';

export const WORKERS: ReadonlyArray<JobDefinition<z.ZodType>> = [];
