// Idempotency keys plug into the registry for their purge job only: the guard is plumbing that
// app.ts runs for every domain's POST and PATCH, and the document adds the header to each of them.
import type { DomainModule } from '../domain-module.ts';
import { purgeIdempotencyKeysWorker } from './idempotency.jobs.ts';

export const idempotencyDomain: DomainModule = {
  name: 'idempotency',
  jobs: [purgeIdempotencyKeysWorker],
};
