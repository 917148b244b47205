// A worker that shares its queue fairly between groups of jobs (README "Jobs"), for jobs that may
// wait long on someone else (a webhook receiver that hangs). A job carries a group (pg-boss
// `group.id`, for webhooks the endpoint) and a tier (`group.tier`, the account): at most
// `perGroup` jobs of a group and `perTier` of a tier are active at once, across every process, and
// one process runs at most `slots`. A job over a limit stays queued, neither failed nor lost, and
// is taken as soon as a slot of its own frees, by whichever worker process looks first (at once in
// the process that freed it, within a poll in the others).
//
// pg-boss's own fetch bounds a group (`groupConcurrency`, counted in its table); the tiers are
// bounded here by leaving out the groups of tiers that are full. Claims are taken one process at
// a time (a transaction-scoped advisory lock on the queue's name), so the counts a claim reads are
// the ones it adds to, and no limit is overshot by two processes claiming together. Each job is
// settled on its own as soon as its handler ends: a batch would keep a quick job active (holding
// its group's slot) until the slowest of the batch ends.
import type { PgBoss } from 'pg-boss';
import type { PrismaClient } from '../db/prisma.ts';
import { BOSS_SCHEMA, bossDb } from './boss-db.ts';
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

const TIERS_ACTIVE = `
SELECT group_tier AS tier, count(*)::int AS active
FROM ${BOSS_SCHEMA}.job
WHERE name = $1 AND state = 'active' AND group_tier IS NOT NULL
GROUP BY group_tier`;

// A look through pg-boss's own pool, before a claim takes a connection of the service's pool and
// holds it through a transaction: most polls find nothing due.
const ANY_DUE = `
SELECT EXISTS (
  SELECT 1 FROM ${BOSS_SCHEMA}.job
  WHERE name = $1 AND state IN ('created', 'retry') AND start_after <= now()
) AS due`;

const GROUPS_OF_TIERS = `
SELECT DISTINCT group_id AS "group"
FROM ${BOSS_SCHEMA}.job
WHERE name = $1 AND state < 'active' AND group_tier = ANY($2::text[]) AND group_id IS NOT NULL`;

export class FairWorker {
  readonly #boss: PgBoss;
  readonly #prisma: PrismaClient;
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
    prisma: PrismaClient;
    job: Job;
    limits: FairLimits;
    pollingIntervalSeconds: number;
    /** Runs one job; a throw fails it (pg-boss retries it as the job's options say). */
    run: (item: FetchedJob) => Promise<void>;
    onError: (error: unknown) => void;
  }) {
    this.#boss = options.boss;
    this.#prisma = options.prisma;
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
          const jobs = (await this.#anyDue()) ? await this.#claim(free) : [];
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

  async #anyDue(): Promise<boolean> {
    const { rows } = await this.#boss.getDb().executeSql(ANY_DUE, [this.#job.name]);
    return (rows[0] as { due: boolean } | undefined)?.due === true;
  }

  /**
   * Up to `free` jobs, in the order pg-boss keeps (priority, then age), each group and tier under
   * its limit. pg-boss bounds the groups; a batch takes no more than the least room any tier it
   * may reach has left, so that no tier is overshot. Tiers with little room left (less than one
   * group's limit) are left out while the others fill in large batches, then filled one small
   * batch at a time.
   */
  async #claim(free: number): Promise<FetchedJob[]> {
    const { perGroup, perTier } = this.#limits;
    const name = this.#job.name;
    const room = Math.min(perGroup, perTier);
    return this.#prisma.$transaction(async (tx) => {
      const db = bossDb(tx);
      await tx.$queryRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))::text', name);
      const claimed: FetchedJob[] = [];
      let large = true;
      while (claimed.length < free) {
        const tiers = (await db.executeSql(TIERS_ACTIVE, [name])).rows as Array<{
          tier: string;
          active: number;
        }>;
        const left = tiers.map((t) => ({ tier: t.tier, room: perTier - t.active }));
        const excluded = left.filter((t) => t.room <= 0 || (large && t.room < room));
        const open = left.filter((t) => !excluded.includes(t));
        const batch = Math.min(free - claimed.length, perTier, ...open.map((t) => t.room));
        const ignoreGroups =
          excluded.length === 0
            ? null
            : (
                (await db.executeSql(GROUPS_OF_TIERS, [name, excluded.map((t) => t.tier)]))
                  .rows as Array<{ group: string }>
              ).map((r) => r.group);
        const jobs = await this.#boss.fetch(name, {
          batchSize: batch,
          groupConcurrency: perGroup,
          ignoreGroups,
          db,
        });
        claimed.push(...jobs);
        // pg-boss cuts each group to its limit after taking the batch, so a short batch does not
        // mean that nothing else is due: look again until a look finds nothing.
        if (jobs.length > 0) continue;
        const small = left.some((t) => t.room > 0 && t.room < room);
        if (!large || !small) break;
        large = false;
      }
      return claimed;
    });
  }
}
