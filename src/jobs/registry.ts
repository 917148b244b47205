// Every background job of the service, from each domain's list (src/domains.ts): the worker role
// runs their workers, and every role makes their queues.
import { DOMAINS } from '../domains.ts';
import type { Job } from './job.ts';
import type { JobWorker } from './workers.ts';

export const WORKERS: ReadonlyArray<JobWorker> = DOMAINS.flatMap((domain) => domain.jobs ?? []);

export const JOBS: ReadonlyArray<Job> = WORKERS.map((worker) => worker.job);
