// Every background job of the domains the composition root hands over (service.ts passes
// src/domains.ts): the worker role runs their workers, and every role makes their queues.
import type { DomainModule } from '../domain-module.ts';
import type { Job } from './job.ts';
import type { JobWorker } from './workers.ts';

export interface JobRegistry {
  workers: ReadonlyArray<JobWorker>;
  jobs: ReadonlyArray<Job>;
}

export function jobRegistry(domains: readonly DomainModule[]): JobRegistry {
  const workers = domains.flatMap((domain) => domain.jobs ?? []);
  return { workers, jobs: workers.map((worker) => worker.job) };
}
