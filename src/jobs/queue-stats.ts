// The state of every pg-boss queue, read straight from its tables: for the metrics scrape (which
// service.ts hands this function to, src/metrics/) and the operator's GraphQL query (src/ops/).
// One grouped query, completed jobs left out, so its cost follows the jobs in flight rather than
// the history kept; pg-boss's own internal queues (__pgboss__*) are left out too.
import type { PrismaClient } from '../db/prisma.ts';
import type { GroupBacklog, QueueDepth } from '../metrics/metrics.ts';
import { BOSS_SCHEMA } from './boss.ts';

/** One queue's jobs by state: the shape the metrics declare (metrics/ sits below the job kit). */
export type QueueStats = QueueDepth;

interface Row {
  name: string;
  waiting: number;
  deferred: number;
  active: number;
  failed: number;
  oldest: number | null;
}

const SQL = `
SELECT q.name,
  count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int AS waiting,
  count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after > now())::int AS deferred,
  count(*) FILTER (WHERE j.state = 'active')::int AS active,
  count(*) FILTER (WHERE j.state = 'failed')::int AS failed,
  extract(epoch FROM now() - min(j.start_after) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::float8 AS oldest
FROM ${BOSS_SCHEMA}.queue q
LEFT JOIN ${BOSS_SCHEMA}.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
WHERE q.name NOT LIKE '__pgboss__%'
GROUP BY q.name
ORDER BY q.name`;

export async function queueStats(prisma: PrismaClient): Promise<QueueStats[]> {
  const rows = await prisma.$queryRawUnsafe<Row[]>(SQL);
  return rows.map((r) => ({
    name: r.name,
    waiting: r.waiting,
    deferred: r.deferred,
    active: r.active,
    failed: r.failed,
    oldestWaitingSeconds: r.oldest === null ? null : Math.max(0, Math.round(r.oldest)),
  }));
}

interface GroupRow {
  name: string;
  group: string;
  waiting: number;
  active: number;
  groups_waiting: number;
}

const GROUP_SQL = `
WITH by_group AS (
  SELECT j.name, j.group_id AS "group",
    count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int AS waiting,
    count(*) FILTER (WHERE j.state = 'active')::int AS active
  FROM ${BOSS_SCHEMA}.job j
  WHERE j.state IN ('created', 'retry', 'active') AND j.group_id IS NOT NULL
    AND j.name NOT LIKE '__pgboss__%'
  GROUP BY j.name, j.group_id
), ranked AS (
  SELECT *,
    row_number() OVER (PARTITION BY name ORDER BY waiting DESC, "group") AS rank,
    (count(*) FILTER (WHERE waiting > 0) OVER (PARTITION BY name))::int AS groups_waiting
  FROM by_group
)
SELECT name, "group", waiting, active, groups_waiting FROM ranked
WHERE rank <= $1 AND waiting > 0
ORDER BY name, rank`;

/** One grouped queue's backlog (GroupBacklog, the shape the metrics declare): for the metrics scrape. */
export async function groupBacklog(prisma: PrismaClient, top: number): Promise<GroupBacklog[]> {
  const rows = await prisma.$queryRawUnsafe<GroupRow[]>(GROUP_SQL, top);
  const byQueue = new Map<string, GroupBacklog>();
  for (const row of rows) {
    const queue = byQueue.get(row.name) ?? {
      queue: row.name,
      groupsWaiting: row.groups_waiting,
      top: [],
    };
    queue.top.push({ group: row.group, waiting: row.waiting, active: row.active });
    byQueue.set(row.name, queue);
  }
  return [...byQueue.values()];
}
