// The long-lived objects resolvers and routes use, built once at start-up (service.ts).
import type { PgBoss } from 'pg-boss';
import type { ApiKeyVerifier } from './auth/api-keys.ts';
import type { Authenticator } from './auth/authenticate.ts';
import type { MachineAuth } from './auth/machine-clients.ts';
import type { Config } from './config/config.ts';
import type { Keys } from './config/secret-key.ts';
import type { RateLimits } from './http/rate-limit.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { LiveChanges } from './live/live-changes.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { StatusService } from './status/status.service.ts';
import type { EventRecorder } from './webhooks/events.ts';

export interface Services {
  config: Config;
  keys: Keys;
  boss: PgBoss;
  /** The job kit: enqueues jobs in a transaction and wakes this process's worker once it commits. */
  jobs: JobQueue;
  apiKeys: ApiKeyVerifier;
  machines: MachineAuth;
  authenticator: Authenticator;
  rateLimits: RateLimits;
  status: StatusService;
  events: EventRecorder;
  /** Prometheus metrics of this process (served on METRICS_PORT). */
  metrics: Metrics;
  /** Live updates for GraphQL subscriptions (listening only in the API processes). */
  live: LiveChanges;
}
