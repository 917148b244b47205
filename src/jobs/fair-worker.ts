// A worker that shares its queue fairly between groups of jobs (README "Jobs"), for jobs that may
// wait long on someone else (a webhook receiver that hangs). A job carries a group (pg-boss
// `group.id`, for webhooks the endpoint) and a tier (`group.tier`, the account): at most
// `perGroup` jobs of a group and `perTier` of a tier are active at once, across every process, and
// one process runs at most `slots`. A job over a limit stays queued, neither failed nor lost, and
// is taken as soon as a slot of its own frees, by whichever worker process looks first (at once in
// the process that freed it, within a poll in the others).
//
// A claim is one round trip through pg-boss's own pool (CLAIM): it takes a transaction-scoped
// advisory lock on the queue's name, so that claims are taken one process at a time and the counts
// a claim reads are the ones it adds to (no limit is overshot by two processes claiming together),
// then marks active, as pg-boss's fetch does, the first due jobs in pg-boss's order (priority, then
// age) that fit their group's and their tier's room. Each job is settled on its own as soon as its
// handler ends: a batch would keep a quick job active (holding its group's slot) until the slowest
// of the batch ends.
import type { PgBoss } from 'pg-boss';
import { BOSS_SCHEMA } from './boss-db.ts';
import type { Job } from './job.ts';

export interface FairLimits {
  /** Jobs this process runs at once. */
  slots: number;
  /** Active jobs of one group (`group.id`), across every process. */
  perGroup: number;
  /** Active jobs of one tier (`group.tier`), all its groups together, across every process. */
  perTier: number;
}

/** A claimed job as pg-boss answers it: its id and attempt (retryCount) settle that attempt only. */
interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Up to `free` due jobs of the queue `name`, each group and tier under its limit: two statements
 * sent as one (the simple protocol runs them in one implicit transaction), the lock, then the
 * claim, which reads the active counts after the lock is held. It looks at the first `window` due
 * jobs of groups and tiers with room (pg-boss's index job_i11 serves the order), ranks them within
 * their group, then within their tier, and takes those within both limits. `seen` tells whether
 * the window was full: then jobs of other groups may wait behind the ones it cut, and the caller
 * looks again. The update is pg-boss's fetch's (state, started_on, heartbeat_on, and retry_count,
 * which names the attempt that complete and fail settle); it claims no job another process took.
 */
export function claimSql(name: string, limits: FairLimits, free: number, window: number): string {
  const q = literal(name);
  const { perGroup, perTier } = limits;
  const [groupLimit, tierLimit, take, look] = [perGroup, perTier, free, window].map((n) => {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`fair worker: bad limit ${n}`);
    return n;
  });
  const now = `${BOSS_SCHEMA}.job_now()`;
  return `SELECT pg_advisory_xact_lock(hashtext(${q}));
WITH active AS MATERIALIZED (
  SELECT group_id, group_tier FROM ${BOSS_SCHEMA}.job
  WHERE name = ${q} AND state = 'active' AND group_id IS NOT NULL
), counts AS MATERIALIZED (
  SELECT
    (SELECT COALESCE(jsonb_object_agg(group_id, n), '{}') FROM
      (SELECT group_id, count(*) AS n FROM active GROUP BY group_id) g) AS groups,
    (SELECT COALESCE(jsonb_object_agg(group_tier, n), '{}') FROM
      (SELECT group_tier, count(*) AS n FROM active WHERE group_tier IS NOT NULL GROUP BY group_tier) t) AS tiers
), candidates AS MATERIALIZED (
  SELECT j.id, j.group_id, j.group_tier, j.priority, j.created_on,
    COALESCE(((SELECT groups FROM counts) ->> j.group_id)::int, 0) AS group_active,
    COALESCE(((SELECT tiers FROM counts) ->> j.group_tier)::int, 0) AS tier_active
  FROM ${BOSS_SCHEMA}.job j
  WHERE j.name = ${q} AND j.state < 'active' AND NOT j.blocked AND j.start_after <= ${now}
    AND (j.group_id IS NULL OR COALESCE(((SELECT groups FROM counts) ->> j.group_id)::int, 0) < ${groupLimit})
    AND (j.group_tier IS NULL OR COALESCE(((SELECT tiers FROM counts) ->> j.group_tier)::int, 0) < ${tierLimit})
  ORDER BY j.priority DESC, j.created_on
  LIMIT ${look}
), in_group AS (
  SELECT c.*, row_number() OVER (PARTITION BY c.group_id ORDER BY c.priority DESC, c.created_on) AS rank
  FROM candidates c
), in_tier AS (
  SELECT g.*, row_number() OVER (PARTITION BY g.group_tier ORDER BY g.priority DESC, g.created_on) AS tier_rank
  FROM in_group g
  WHERE g.group_id IS NULL OR g.group_active + g.rank <= ${groupLimit}
), chosen AS (
  SELECT t.id FROM in_tier t
  WHERE t.group_tier IS NULL OR t.tier_active + t.tier_rank <= ${tierLimit}
  ORDER BY t.priority DESC, t.created_on
  LIMIT ${take}
), claimed AS (
  UPDATE ${BOSS_SCHEMA}.job j SET
    state = 'active',
    started_on = ${now},
    heartbeat_on = ${now},
    retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
  WHERE j.name = ${q} AND j.id = ANY (ARRAY(SELECT id FROM chosen)) AND j.state < 'active'
  RETURNING j.id, j.data, j.retry_count
)
SELECT id, data, retry_count AS "retryCount", (SELECT count(*) FROM candidates)::int AS seen
FROM claimed`;
}

export class FairWorker {
  readonly #boss: PgBoss;
  readonly #job: Job;
  readonly #limits: FairLimits;
  readonly #pollMs: number;
  readonly #run: (item: FetchedJob) => Promise<void>;
  readonly #onError: (error: unknown) => void;
  readonly #running = new Map<string, { job: FetchedJob; done: Promise<void> }>();
  #stopping = false;
  #woken = false;
  #wakeUp: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: {
    boss: PgBoss;
    job: Job;
    limits: FairLimits;
    pollingIntervalSeconds: number;
    /** Runs one job; a throw fails it (pg-boss retries it as the job's options say). */
    run: (item: FetchedJob) => Promise<void>;
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
    // Active jobs keep their claim while their handler runs (the queue's heartbeat, job.ts).
    const heartbeat = this.#job.heartbeatSeconds;
    if (heartbeat)
      this.#heartbeat = setInterval(() => void this.#touch(), (heartbeat * 1000) / 2).unref();
  }

  /** Look for jobs now (one was queued, or a slot freed). */
  wake(): void {
    this.#woken = true;
    this.#wakeUp?.();
  }

  /** Takes no more jobs and waits up to `timeoutMs` for those under way; the rest are retried elsewhere once their heartbeat lapses. */
  async stop(timeoutMs: number): Promise<void> {
    this.#stopping = true;
    this.wake();
    await this.#loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#running.values()].map((r) => r.done)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    clearInterval(this.#heartbeat);
  }

  async #work(): Promise<void> {
    while (!this.#stopping) {
      // A wake from here on is news: a job queued or a slot freed after this look.
      this.#woken = false;
      const free = this.#limits.slots - this.#running.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await this.#claim(free);
          claimed = jobs.length;
          for (const job of jobs) this.#start(job);
        } catch (error) {
          this.#onError(error);
        }
      }
      // Every free slot filled: more may be due at once.
      if (free > 0 && claimed === free) continue;
      await this.#sleep();
    }
  }

  /** Until the next wake or poll; at once if a wake came since the loop last looked. */
  #sleep(): Promise<void> {
    if (this.#woken || this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.#pollMs);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wakeUp = undefined;
        resolve();
      }
      this.#wakeUp = done;
    });
  }

  #start(job: FetchedJob): void {
    const done = (async () => {
      try {
        await this.#run(job);
        await this.#boss.complete(this.#job.name, job);
      } catch (error) {
        await this.#boss
          .fail(this.#job.name, job, { message: (error as Error)?.message })
          .catch(this.#onError);
      } finally {
        this.#running.delete(job.id);
        this.wake();
      }
    })();
    this.#running.set(job.id, { job, done });
  }

  async #touch(): Promise<void> {
    const jobs = [...this.#running.values()].map((r) => r.job);
    if (jobs.length > 0) await this.#boss.touch(this.#job.name, jobs).catch(this.#onError);
  }

  /**
   * Up to `free` jobs (CLAIM), in as many looks as it takes: a look whose window was full may have
   * cut jobs of groups it filled, and others may wait behind them.
   */
  async #claim(free: number): Promise<FetchedJob[]> {
    const db = this.#boss.getDb();
    const claimed: FetchedJob[] = [];
    while (claimed.length < free) {
      const window = free - claimed.length;
      // Two statements in one query: pg answers a result for each.
      const results = (await db.executeSql(
        claimSql(this.#job.name, this.#limits, window, window),
      )) as unknown as Array<{ rows: Array<FetchedJob & { seen: number }> }>;
      const rows = results.at(-1)?.rows ?? [];
      for (const { id, data, retryCount } of rows) claimed.push({ id, data, retryCount });
      // Nothing left that fits, or a window that held every due job that fits.
      if (rows.length === 0 || rows[0]!.seen < window) break;
    }
    return claimed;
  }
}
