// A worker that shares its queue fairly between groups of jobs (docs/architecture.md#jobs), for jobs that may
// wait long on someone else (a webhook receiver that hangs). A job carries a group (pg-boss
// `group.id`, for webhooks the endpoint) and a tier (`group.tier`, the account).
//
// The worker runs lanes: a lane is a claim of up to `batch` due jobs of one group, which it runs
// one after another, so that one lane has at most one job under way. At most `perGroup` lanes of a
// group and `perTier` lanes of a tier are active at once, across every process, and one process
// runs at most `slots` lanes: so at most `perGroup` jobs of a group are under way at once, and a
// group with a backlog costs one claim per `batch` jobs rather than one per job. A job over a
// limit stays queued, neither failed nor lost, and is taken as soon as a lane of its own frees, by
// whichever worker process looks first (at once in the process that freed it, within a poll in
// the others).
//
// A claim is one round trip through pg-boss's own pool (claimSql): it takes a transaction-scoped
// advisory lock on the queue's name, so that claims are taken one process at a time and the lanes
// a claim counts are the ones it adds to (no limit is overshot by two processes claiming
// together), then marks active, as pg-boss's fetch does, the jobs of the lanes it opens, each job
// tagged with its lane (pg-boss's `output`, which a job's completion overwrites). The lanes under
// way are counted from those tags. A lane's jobs are settled together when it ends (one
// statement), those that failed each on its own; its heartbeat covers all of them until then, so
// a dead worker's lanes are retried as other jobs are. A worker that stops hands the jobs its
// lanes have not started back to the queue at once (releaseSql).
import type { PgBoss } from 'pg-boss';
import { BOSS_SCHEMA } from './boss-db.ts';
import type { Job } from './job.ts';

export interface FairLimits {
  /** Lanes (jobs under way) this process runs at once. */
  slots: number;
  /** Lanes (jobs under way) of one group (`group.id`), across every process. */
  perGroup: number;
  /** Lanes of one tier (`group.tier`), all its groups together, across every process. */
  perTier: number;
  /** Jobs a lane takes in one claim and runs one after another (default 10). */
  batch?: number;
}

const DEFAULT_BATCH = 10;
/** Lanes one look opens at most (a look that fills them looks again at once). */
const LANES_PER_LOOK = 8;
/**
 * Looks for jobs that were queued are at least this far apart (ms): a burst of jobs queued one
 * transaction at a time makes a few looks, not one each (a look reads past the backlogs of full
 * groups). A lane that ends looks at once.
 */
const NUDGE_MS = 100;

/** What a lane offers the jobs it runs, one after another (the jobs of one group). */
export interface LaneScope {
  /**
   * A thing kept from one job to the next of the lane, made by the first that asks, disposed of
   * when the lane ends; for webhooks, the connection to the endpoint.
   */
  keep<T>(key: string, make: () => T, dispose: (value: T) => void): T;
  /**
   * The rest of the current job's work, left to finish while the lane runs its next job: the job
   * is settled once it has (failed if it throws); for webhooks, the attempt's record.
   */
  defer(work: Promise<unknown>): void;
}

/** A claimed job as pg-boss answers it: its id and attempt (retryCount) settle that attempt only. */
interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
}

/** A claimed job with its lane, as claimSql answers it (a lane's jobs in the order they run). */
export interface ClaimedJob extends FetchedJob {
  lane: string;
  /** Due jobs the claim looked at: as many as its window when more may be due. */
  seen: number;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Up to `lanes` new lanes of due jobs of the queue `name`, each group and tier under its limit:
 * two statements sent as one (the simple protocol runs them in one implicit transaction), the
 * lock, then the claim, which counts the lanes under way after the lock is held.
 *
 * It looks at the first `window` due jobs of groups and tiers with room, in pg-boss's order
 * (priority, then age; pg-boss's index job_i11 serves it). A group may open as many lanes as it
 * has room for and jobs in the window, and deals its jobs among them in turn (13 jobs in 4 lanes:
 * 4, 3, 3, 3). A lane takes at most `batch` jobs, and no more than the group's share of what waits
 * (its jobs in the window over `perGroup`, rounded up): a burst of 20 jobs that finds one lane of
 * four free gives it 5, not 10, and the lanes that free next take the rest. Lanes are then given out first lanes first (every group
 * that waits gets one before any gets a second), in the order of each group's first job, within
 * its tier's room, up to `lanes`. `seen` tells whether the window was full: then jobs of other
 * groups may wait behind it, and the caller looks again. The update is pg-boss's fetch's (state,
 * started_on, heartbeat_on, and retry_count, which names the attempt that complete and fail
 * settle) with the lane's tag in `output`; it claims no job another process took.
 */
export function claimSql(
  name: string,
  limits: FairLimits,
  lanes: number,
  window = lanes * (limits.batch ?? DEFAULT_BATCH),
): string {
  const q = literal(name);
  const { perGroup, perTier, batch = DEFAULT_BATCH } = limits;
  const [groupLimit, tierLimit, perLane, take, look] = [
    perGroup,
    perTier,
    batch,
    lanes,
    window,
  ].map((n) => {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`fair worker: bad limit ${n}`);
    return n;
  });
  const job = `${BOSS_SCHEMA}.job`;
  const now = `${BOSS_SCHEMA}.job_now()`;
  return `SELECT pg_advisory_xact_lock(hashtext(${q}));
WITH under_way AS MATERIALIZED (
  SELECT DISTINCT group_id, group_tier, COALESCE(output ->> 'lane', id::text) AS lane
  FROM ${job}
  WHERE name = ${q} AND state = 'active' AND group_id IS NOT NULL
), counts AS MATERIALIZED (
  SELECT
    (SELECT COALESCE(jsonb_object_agg(group_id, n), '{}') FROM
      (SELECT group_id, count(*) AS n FROM under_way GROUP BY group_id) g) AS groups,
    (SELECT COALESCE(jsonb_object_agg(group_tier, n), '{}') FROM
      (SELECT group_tier, count(*) AS n FROM under_way WHERE group_tier IS NOT NULL GROUP BY group_tier) t) AS tiers
), candidates AS MATERIALIZED (
  SELECT c.*, row_number() OVER (ORDER BY c.priority DESC, c.created_on, c.id) AS pos
  FROM (
    SELECT j.id, j.group_id, j.group_tier, j.priority, j.created_on,
      COALESCE(j.group_id, j.id::text) AS g,
      COALESCE(((SELECT groups FROM counts) ->> j.group_id)::int, 0) AS group_lanes,
      COALESCE(((SELECT tiers FROM counts) ->> j.group_tier)::int, 0) AS tier_lanes
    FROM ${job} j
    WHERE j.name = ${q} AND j.state < 'active' AND NOT j.blocked AND j.start_after <= ${now}
      AND (j.group_id IS NULL OR COALESCE(((SELECT groups FROM counts) ->> j.group_id)::int, 0) < ${groupLimit})
      AND (j.group_tier IS NULL OR COALESCE(((SELECT tiers FROM counts) ->> j.group_tier)::int, 0) < ${tierLimit})
    ORDER BY j.priority DESC, j.created_on
    LIMIT ${look}
  ) c
), in_group AS (
  SELECT c.*,
    row_number() OVER (PARTITION BY c.g ORDER BY c.pos) AS rank,
    count(*) OVER (PARTITION BY c.g) AS waiting,
    min(c.pos) OVER (PARTITION BY c.g) AS first
  FROM candidates c
), dealt AS (
  SELECT i.*, LEAST(i.waiting, CASE WHEN i.group_id IS NULL THEN 1 ELSE ${groupLimit} - i.group_lanes END) AS room,
    LEAST(${perLane}, ceil(i.waiting::numeric / ${groupLimit})::int) AS per_lane
  FROM in_group i
), placed AS (
  SELECT d.id, d.g, d.group_tier, d.tier_lanes, d.first, d.rank, (d.rank - 1) % d.room AS lane_no
  FROM dealt d
  WHERE d.rank <= d.room * d.per_lane
), lanes AS (
  SELECT DISTINCT p.g, p.lane_no, p.group_tier, p.tier_lanes, p.first FROM placed p
), in_tier AS (
  SELECT l.*, row_number() OVER (PARTITION BY l.group_tier ORDER BY l.lane_no, l.first) AS tier_rank
  FROM lanes l
), chosen AS MATERIALIZED (
  SELECT t.g, t.lane_no, gen_random_uuid()::text AS lane
  FROM (
    SELECT * FROM in_tier t
    WHERE t.group_tier IS NULL OR t.tier_lanes + t.tier_rank <= ${tierLimit}
    ORDER BY t.lane_no, t.first
    LIMIT ${take}
  ) t
), claimed AS (
  UPDATE ${job} j SET
    state = 'active',
    started_on = ${now},
    heartbeat_on = ${now},
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END,
    output = jsonb_build_object('lane', c.lane)
  FROM placed p JOIN chosen c ON c.g = p.g AND c.lane_no = p.lane_no
  WHERE j.name = ${q} AND j.id = p.id AND j.state < 'active'
  RETURNING j.id, j.data, j.retry_count, c.lane, p.rank
)
SELECT id, data, retry_count AS "retryCount", lane, (SELECT count(*) FROM candidates)::int AS seen
FROM claimed
ORDER BY lane, rank`;
}

/**
 * Hands claimed jobs that have not started back to the queue (`$1` the queue, `$2` their ids), as
 * they were before their claim: due again, without a lane.
 */
export const releaseSql = `
UPDATE ${BOSS_SCHEMA}.job SET state = 'created', started_on = NULL, heartbeat_on = NULL, output = NULL
WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`;

interface Lane {
  /** Jobs not started yet, in the order they run. */
  todo: FetchedJob[];
  /** Started, and not yet settled. */
  held: FetchedJob[];
  done: Promise<void>;
}

export class FairWorker {
  readonly #boss: PgBoss;
  readonly #job: Job;
  readonly #limits: FairLimits;
  readonly #pollMs: number;
  readonly #run: (item: FetchedJob, lane: LaneScope) => Promise<void>;
  readonly #onError: (error: unknown) => void;
  readonly #lanes = new Set<Lane>();
  #stopping = false;
  /** A lane freed (or the worker stops) since the last look: look at once. */
  #woken = false;
  /** A job was queued since the last look: look within NUDGE_MS of it. */
  #nudged = false;
  #lastLook = 0;
  #wakeUp: ((now: boolean) => void) | undefined;
  #loop: Promise<void> | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: {
    boss: PgBoss;
    job: Job;
    limits: FairLimits;
    pollingIntervalSeconds: number;
    /**
     * Runs one job, given its lane's scope; a throw fails it (pg-boss retries it as the job's
     * options say).
     */
    run: (item: FetchedJob, lane: LaneScope) => Promise<void>;
    onError: (error: unknown) => void;
  }) {
    this.#boss = options.boss;
    this.#job = options.job;
    this.#limits = options.limits;
    this.#pollMs = options.pollingIntervalSeconds * 1000;
    this.#run = options.run;
    this.#onError = options.onError;
  }

  start(): void {
    this.#loop = this.#work();
    // Claimed jobs keep their claim until settled (the queue's heartbeat, job.ts).
    const heartbeat = this.#job.heartbeatSeconds;
    if (heartbeat)
      this.#heartbeat = setInterval(() => void this.#touch(), (heartbeat * 1000) / 2).unref();
  }

  /** Look for jobs soon: one was queued (at most one such look every NUDGE_MS). */
  wake(): void {
    this.#nudged = true;
    this.#wakeUp?.(false);
  }

  /** Look for jobs now: a lane freed. */
  #wakeNow(): void {
    this.#woken = true;
    this.#wakeUp?.(true);
  }

  /**
   * Takes no more jobs, hands those its lanes have not started back to the queue, and waits up to
   * `timeoutMs` for those under way; the rest are retried elsewhere once their heartbeat lapses.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.#stopping = true;
    this.#wakeNow();
    await this.#loop;
    const unstarted = [...this.#lanes].flatMap((lane) => lane.todo.splice(0));
    if (unstarted.length > 0)
      await this.#boss
        .getDb()
        .executeSql(releaseSql, [this.#job.name, unstarted.map((j) => j.id)])
        .catch(this.#onError);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#lanes].map((lane) => lane.done)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    clearInterval(this.#heartbeat);
  }

  async #work(): Promise<void> {
    while (!this.#stopping) {
      // A wake from here on is news: a job queued or a lane freed after this look.
      this.#woken = false;
      this.#nudged = false;
      const free = this.#limits.slots - this.#lanes.size;
      let opened = 0;
      if (free > 0) {
        this.#lastLook = performance.now();
        try {
          const lanes = await this.#claim(free);
          opened = lanes.length;
          for (const jobs of lanes) this.#start(jobs);
        } catch (error) {
          this.#onError(error);
        }
      }
      // Every free lane filled: more may be due at once.
      if (free > 0 && opened === free) continue;
      await this.#sleep();
    }
  }

  /**
   * Until the next poll, a lane freed, or NUDGE_MS after the last look once a job was queued; at
   * once if a lane freed since the loop last looked.
   */
  #sleep(): Promise<void> {
    if (this.#woken || this.#stopping) return Promise.resolve();
    const nudge = () => Math.max(0, this.#lastLook + NUDGE_MS - performance.now());
    return new Promise((resolve) => {
      let timer = setTimeout(done, this.#nudged ? nudge() : this.#pollMs);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wakeUp = undefined;
        resolve();
      }
      this.#wakeUp = (now) => {
        if (now) return done();
        clearTimeout(timer);
        timer = setTimeout(done, nudge());
      };
    });
  }

  /** Runs a lane's jobs one after another, then settles them: the completed in one statement. */
  #start(jobs: FetchedJob[]): void {
    const lane: Lane = { todo: jobs, held: [], done: Promise.resolve() };
    const kept = new Map<string, { value: unknown; dispose: (value: never) => void }>();
    let deferred: Array<Promise<unknown>> = [];
    const scope: LaneScope = {
      keep(key, make, dispose) {
        if (!kept.has(key)) kept.set(key, { value: make(), dispose });
        return kept.get(key)!.value as ReturnType<typeof make>;
      },
      defer(work) {
        deferred.push(work);
      },
    };
    const fail = (job: FetchedJob, error: unknown) =>
      this.#boss
        .fail(this.#job.name, job, { message: (error as Error)?.message })
        .catch(this.#onError);
    lane.done = (async () => {
      // Each job run, with the rest of its work (settled, so that a rejection waits unhandled for
      // nothing until the lane's end).
      const ran: Array<{ job: FetchedJob; rest: Promise<PromiseSettledResult<unknown>[]> }> = [];
      try {
        for (let job = lane.todo.shift(); job; job = lane.todo.shift()) {
          lane.held.push(job);
          deferred = [];
          try {
            await this.#run(job, scope);
            ran.push({ job, rest: Promise.allSettled(deferred) });
          } catch (error) {
            lane.held.splice(lane.held.indexOf(job), 1);
            await fail(job, error);
          }
        }
        const completed: FetchedJob[] = [];
        for (const { job, rest } of ran) {
          const failed = (await rest).find((r) => r.status === 'rejected');
          if (failed) await fail(job, failed.reason);
          else completed.push(job);
        }
        if (completed.length > 0)
          await this.#boss.complete(this.#job.name, completed).catch(this.#onError);
      } finally {
        for (const { value, dispose } of kept.values()) dispose(value as never);
        this.#lanes.delete(lane);
        this.#wakeNow();
      }
    })();
    this.#lanes.add(lane);
  }

  async #touch(): Promise<void> {
    const jobs = [...this.#lanes].flatMap((lane) => [...lane.held, ...lane.todo]);
    if (jobs.length > 0) await this.#boss.touch(this.#job.name, jobs).catch(this.#onError);
  }

  /**
   * Up to `free` lanes (claimSql), in as many looks as it takes: a look whose window was full may
   * have cut jobs of groups it filled, and others may wait behind them.
   */
  async #claim(free: number): Promise<FetchedJob[][]> {
    const db = this.#boss.getDb();
    const lanes: FetchedJob[][] = [];
    while (lanes.length < free) {
      const want = Math.min(LANES_PER_LOOK, free - lanes.length);
      const window = want * (this.#limits.batch ?? DEFAULT_BATCH);
      // Two statements in one query: pg answers a result for each.
      const results = (await db.executeSql(
        claimSql(this.#job.name, this.#limits, want, window),
      )) as unknown as Array<{ rows: ClaimedJob[] }>;
      const rows = results.at(-1)?.rows ?? [];
      const byLane = new Map<string, FetchedJob[]>();
      for (const { id, data, retryCount, lane } of rows) {
        const jobs = byLane.get(lane) ?? [];
        jobs.push({ id, data, retryCount });
        byLane.set(lane, jobs);
      }
      lanes.push(...byLane.values());
      // Nothing left that fits, or a window that held every due job that fits (and fewer lanes
      // than asked for: a look that opened all it asked for looks again).
      if (rows.length === 0 || (rows[0]!.seen < window && byLane.size < want)) break;
    }
    return lanes;
  }
}
