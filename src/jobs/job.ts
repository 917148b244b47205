// What a job is, for those who send it: a name, the zod schema of its payload and the pg-boss
// options it is sent with. Declared once in its domain (<domain>.jobs.ts) and imported by whatever
// enqueues it (through JobQueue, queue.ts) and by its worker (workers.ts), so the name is written
// nowhere else and sender and handler agree on the payload.
import type { JobInsert } from 'pg-boss';
import type { z } from 'zod';

/**
 * pg-boss options every job of a kind is sent with: retries (`retryLimit`, `retryDelay`,
 * `retryBackoff`), expiry (`expireInSeconds`), throttling or debouncing (`singletonSeconds`,
 * `singletonKey`), a dead-letter queue (`deadLetter`, another job's name)... The subset that both
 * `send` and `insert` take, so that one enqueued alone and one of a batch are treated alike.
 */
export type JobOptions = Omit<JobInsert, 'id' | 'data' | 'heartbeatSeconds'>;

export interface Job<S extends z.ZodType = z.ZodType> {
  /** The pg-boss queue, `<domain>.<verb>`. */
  readonly name: string;
  /** Checked when the job is enqueued and again when it runs. Payloads carry ids, not records. */
  readonly schema: S;
  readonly options?: JobOptions;
  /**
   * A heartbeat (seconds, at least 10) for jobs that must not wait out pg-boss's 15-minute
   * expiration when their worker dies: once it goes stale the job is failed and retried. A queue
   * option (createQueues sets it), not a send option.
   */
  readonly heartbeatSeconds?: number;
}

export function defineJob<S extends z.ZodType>(job: Job<S>): Job<S> {
  return job;
}

/** What a caller gives to enqueue a job (before the schema's defaults and transforms). */
export type JobInput<J extends Job> = z.input<J['schema']>;
/** What its handler receives. */
export type JobData<J extends Job> = z.output<J['schema']>;
