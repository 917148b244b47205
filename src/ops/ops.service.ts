// Ops views: pg-boss queues (jobs/queue-stats.ts) and the health of an account's webhook
// endpoints over a recent window, from the deliveries table (kept 30 days).
import type { PrismaClient } from '../db/prisma.ts';

export interface EndpointHealth {
  endpointId: number;
  name: string;
  url: string;
  status: string;
  deliveries: number;
  succeeded: number;
  failed: number;
  pending: number;
  /** Not sent: the endpoint was paused or deleted while they were queued. */
  skipped: number;
  /** succeeded / (succeeded + failed) in percent, rounded; null when nothing completed in the window. */
  successPercent: number | null;
  averageLatencyMs: number | null;
  p95LatencyMs: number | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastFailureError: string | null;
  lastFailureStatus: number | null;
}

interface Row {
  endpoint_id: number;
  name: string;
  url: string;
  status: string;
  deliveries: number;
  succeeded: number;
  failed: number;
  pending: number;
  skipped: number;
  average_ms: number | null;
  p95_ms: number | null;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_failure_error: string | null;
  last_failure_status: number | null;
}

/** Every endpoint of the account (deleted ones left out), including those without deliveries. */
export async function webhookHealth(
  prisma: PrismaClient,
  accountId: number,
  since: Date,
): Promise<EndpointHealth[]> {
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT e.id AS endpoint_id, e.name, e.url, e.status::text AS status,
      count(d.id)::int AS deliveries,
      count(d.id) FILTER (WHERE d.status = 'succeeded')::int AS succeeded,
      count(d.id) FILTER (WHERE d.status = 'failed')::int AS failed,
      count(d.id) FILTER (WHERE d.status = 'pending')::int AS pending,
      count(d.id) FILTER (WHERE d.status = 'skipped')::int AS skipped,
      avg(d.duration_ms)::float8 AS average_ms,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY d.duration_ms)::float8 AS p95_ms,
      max(d.completed_at) FILTER (WHERE d.status = 'succeeded') AS last_success_at,
      last_failure.completed_at AS last_failure_at, last_failure.error AS last_failure_error,
      last_failure.response_status AS last_failure_status
    FROM webhook_endpoints e
    LEFT JOIN deliveries d ON d.endpoint_id = e.id AND d.created_at >= ${since}
    LEFT JOIN LATERAL (
      SELECT f.completed_at, f.error, f.response_status FROM deliveries f
      WHERE f.endpoint_id = e.id AND f.status = 'failed' AND f.created_at >= ${since}
      ORDER BY f.completed_at DESC NULLS LAST LIMIT 1
    ) last_failure ON true
    WHERE e.account_id = ${accountId} AND e.deleted_at IS NULL
    GROUP BY e.id, last_failure.completed_at, last_failure.error, last_failure.response_status
    ORDER BY e.id`;
  return rows.map((r) => {
    const completed = r.succeeded + r.failed;
    return {
      endpointId: r.endpoint_id,
      name: r.name,
      url: r.url,
      status: r.status,
      deliveries: r.deliveries,
      succeeded: r.succeeded,
      failed: r.failed,
      pending: r.pending,
      skipped: r.skipped,
      successPercent: completed ? Math.round((100 * r.succeeded) / completed) : null,
      averageLatencyMs: r.average_ms === null ? null : Math.round(r.average_ms),
      p95LatencyMs: r.p95_ms === null ? null : Math.round(r.p95_ms),
      lastSuccessAt: r.last_success_at,
      lastFailureAt: r.last_failure_at,
      lastFailureError: r.last_failure_error,
      lastFailureStatus: r.last_failure_status,
    };
  });
}
