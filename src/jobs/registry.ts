// Every background job of the service, from each domain's list (src/domains.ts), registered by
// the worker role.
import type { z } from 'zod';
import { DOMAINS } from '../domains.ts';
import type { JobDefinition } from './workers.ts';

export const WORKERS: ReadonlyArray<JobDefinition<z.ZodType>> = DOMAINS.flatMap(
  (domain) => domain.jobs ?? [],
);
