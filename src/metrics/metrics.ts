// Prometheus metrics (prom-client) of one service, on a registry of its own: recorded on the hot
// path with one label object per observation (what prom-client needs), while the gauges that cost
// a query (pool, queue depths) are read only when Prometheus scrapes (collect).
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300];
/** Groups of a queue (webhook endpoints) given a label of their own: the most backlogged only. */
const TOP_GROUPS = 10;
/** Status codes as label strings, made once. */
const STATUS = Array.from({ length: 600 }, (_, code) => String(code));

/** One pg-boss queue's jobs by state, as the job kit reads them (jobs/queue-stats.ts). */
export interface QueueDepth {
  name: string;
  /** Due and not yet taken (created or waiting to retry, start time passed). */
  waiting: number;
  /** Created for later: a retry delay or a start time not reached yet. */
  deferred: number;
  active: number;
  /** Failed on every attempt, still kept by pg-boss's retention. */
  failed: number;
  /** Seconds since the longest-waiting due job became due; null when none waits. */
  oldestWaitingSeconds: number | null;
}

/**
 * The backlog of a queue whose jobs carry a group (a fair worker's, jobs/fair-worker.ts: for
 * `webhooks.deliver`, the endpoint): how many groups have due jobs waiting, and the `top` groups
 * with the most, so that one stalled group shows without a label per group.
 */
export interface GroupBacklog {
  queue: string;
  /** Groups with at least one due job waiting. */
  groupsWaiting: number;
  /** The groups with the most due jobs waiting, most first (ties by group). */
  top: Array<{ group: string; waiting: number; active: number }>;
}

export interface MetricsSources {
  pool: Pool | undefined;
  /** Every queue's depth, read at each scrape (service.ts gives the job kit's queueStats). */
  queues: () => Promise<QueueDepth[]>;
  /** The `top` most backlogged groups of each grouped queue (service.ts gives the job kit's groupBacklog). */
  groups: (top: number) => Promise<GroupBacklog[]>;
  /** Open GraphQL subscriptions of this process. */
  subscriptions: () => number;
}

export class Metrics {
  readonly registry = new Registry();

  private readonly http = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their latency.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly graphql = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations on /graphql by operation name, type (query, mutation) and outcome (ok, error, invalid: refused by validation).',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobs = new Histogram({
    name: 'jobs_duration_seconds',
    help: 'Background jobs run by this process, by queue and outcome (completed, failed).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly deliveries = new Histogram({
    name: 'webhook_deliveries_duration_seconds',
    help: "Webhook delivery attempts by outcome (succeeded, failed), with the time to the receiver's answer.",
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS.concat([30]),
    registers: [this.registry],
  });
  private readonly importStages = new Histogram({
    name: 'import_stage_duration_seconds',
    help: "Runs of the AI import's stages, by stage and outcome (completed, failed).",
    labelNames: ['stage', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by the rate limits, by limit (key: per API key or machine client, ip: per client IP).',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    const { pool, queues, groups, subscriptions } = sources;
    // Both queue gauges are read in the same scrape, and the registry calls their collect() one
    // after the other in registration order: the first starts the query, the second takes it.
    let pending: Promise<QueueDepth[]> | undefined;
    new Gauge({
      name: 'db_pool_connections',
      help: "Connections of this process's Prisma pool: total, idle, and waiting (requests queued for one).",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool?.totalCount ?? 0);
        this.set({ state: 'idle' }, pool?.idleCount ?? 0);
        this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
      },
    });
    new Gauge({
      name: 'graphql_subscriptions_open',
      help: 'GraphQL subscriptions (live updates over SSE) this process serves now.',
      registers: [this.registry],
      collect() {
        this.set(subscriptions());
      },
    });
    new Gauge({
      name: 'jobs_queue_depth',
      help: 'Jobs of every pg-boss queue by state: waiting (due), deferred, active, failed (kept by retention). Read from the database at each scrape.',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const stats = queues();
        pending = stats;
        for (const queue of await stats) {
          for (const state of ['waiting', 'deferred', 'active', 'failed'] as const)
            this.set({ queue: queue.name, state }, queue[state]);
        }
      },
    });
    new Gauge({
      name: 'jobs_queue_oldest_waiting_seconds',
      help: 'Per pg-boss queue, how long its longest-waiting due job has waited (0 when none waits).',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const stats = pending ?? queues();
        pending = undefined;
        this.reset();
        for (const queue of await stats)
          this.set({ queue: queue.name }, queue.oldestWaitingSeconds ?? 0);
      },
    });
    // Both group gauges are read in the same scrape, as the queue gauges are.
    let pendingGroups: Promise<GroupBacklog[]> | undefined;
    new Gauge({
      name: 'jobs_queue_groups_waiting',
      help: 'Per queue shared fairly by group (webhooks.deliver: by endpoint), how many groups have due jobs waiting. Read from the database at each scrape.',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const backlog = groups(TOP_GROUPS);
        pendingGroups = backlog;
        for (const queue of await backlog) this.set({ queue: queue.queue }, queue.groupsWaiting);
      },
    });
    new Gauge({
      name: 'jobs_queue_group_depth',
      help: `Per queue shared fairly by group, the ${TOP_GROUPS} groups (webhooks.deliver: endpoint ids) with the most due jobs waiting: waiting and active jobs of each.`,
      labelNames: ['queue', 'group', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const backlog = pendingGroups ?? groups(TOP_GROUPS);
        pendingGroups = undefined;
        this.reset();
        for (const queue of await backlog)
          for (const group of queue.top) {
            this.set({ queue: queue.queue, group: group.group, state: 'waiting' }, group.waiting);
            this.set({ queue: queue.queue, group: group.group, state: 'active' }, group.active);
          }
      },
    });
  }

  /** `started` is a performance.now() reading. */
  request(method: string, route: string, status: number, started: number): void {
    this.http.observe(
      { method, route, status: STATUS[status] ?? 'other' },
      (performance.now() - started) / 1000,
    );
  }

  /** `operation` is a label from a bounded set (graphql.plugin.ts), never a client's raw name. */
  graphqlOperation(operation: string, type: string, outcome: 'ok' | 'error' | 'invalid'): void {
    this.graphql.inc({ operation, type, outcome });
  }

  job(queue: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.jobs.observe({ queue, outcome }, seconds);
  }

  webhookDelivery(outcome: 'succeeded' | 'failed', seconds: number): void {
    this.deliveries.observe({ outcome }, seconds);
  }

  importStage(stage: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.importStages.observe({ stage, outcome }, seconds);
  }

  rateLimitRefusal(limit: 'key' | 'ip'): void {
    this.refusals.inc({ limit });
  }
}
