// The rate limits' shared counters in PostgreSQL (table rate_limit_counters, one row per subject),
// on a small pool of their own: a lease must not queue behind the requests it is about to let
// through when Prisma's pool is busy. Windows run on PostgreSQL's clock, the same for every process.
import pg from 'pg';
import { type Lease, type LeaseStore, REMAINING_SHARE } from './leased-limiter.ts';

// Leases of several subjects in one statement, one row each. A window that has ended starts
// again with this lease. `last_grant` is computed from the row as it was before this statement:
// the only way an upsert can say how many points it took while other processes take some at the
// same time. A grant is at most what the window has left, and at most 1/$5 of it (at least one
// point while any is left), so that leases shrink as the budget runs out (leased-limiter.ts,
// `grantOf`, says the same in TypeScript). The row proposed for a subject carries its grant in an
// empty window, LEAST(want, limit, limit / $5); an existing window's grant is that, capped by what
// the window has left and 1/$5 of it, which is the same as capping `want` by them since what is
// left is at most the limit. Rows are taken in the order given (sorted by subject), so that two
// processes' statements lock shared rows in the same order and never wait for each other in turn.
const TAKE = `
  INSERT INTO rate_limit_counters AS c (subject, expires_at, taken, last_grant)
  SELECT r.subject, now() + make_interval(secs => $3), g.points, g.points
  FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS r(subject, want, ord),
    LATERAL (SELECT LEAST(r.want, $4::int, GREATEST(1, $4::int / $5::int)) AS points) AS g
  ORDER BY r.ord
  ON CONFLICT (subject) DO UPDATE SET
    last_grant = CASE WHEN c.expires_at <= now() THEN EXCLUDED.taken
      ELSE LEAST(EXCLUDED.taken, GREATEST(0, $4::int - c.taken), GREATEST(1, ($4::int - c.taken) / $5::int)) END,
    taken = CASE WHEN c.expires_at <= now() THEN EXCLUDED.taken
      ELSE c.taken + LEAST(EXCLUDED.taken, GREATEST(0, $4::int - c.taken), GREATEST(1, ($4::int - c.taken) / $5::int)) END,
    expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
  RETURNING subject, taken, last_grant, expires_at,
    greatest(0, extract(epoch FROM expires_at - now()) * 1000)::int AS ms_left`;

/** Leases taken ahead wait this long at most for others to share their statement. */
const BATCH_MS = 20;
/** At most this many subjects in one statement. */
const MAX_BATCH = 500;

interface Ask {
  subject: string;
  want: number;
  limit: number;
  windowSeconds: number;
  resolve(lease: Lease): void;
  reject(error: unknown): void;
}

const GIVE_BACK = `
  UPDATE rate_limit_counters c SET taken = GREATEST(0, c.taken - r.points)
  FROM unnest($1::text[], $2::timestamptz[], $3::int[]) AS r(subject, expires_at, points)
  WHERE c.subject = r.subject AND c.expires_at = r.expires_at`;

export class PgLeaseStore implements LeaseStore {
  private readonly pool: pg.Pool;
  /** Leases asked for and not sent yet; sent together at the latest BATCH_MS after the first. */
  private queue: Ask[] = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly sending = new Set<Promise<void>>();

  constructor(databaseUrl: string) {
    // Two connections are plenty: a lease is one short statement, and leases asked for at about
    // the same time share one. A database that does not answer within a second makes the limiter
    // count in memory for a moment (leased-limiter.ts).
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      connectionTimeoutMillis: 1_000,
      query_timeout: 2_000,
      application_name: 'trips-rate-limits',
    });
    this.pool.on('error', () => {}); // an idle connection that dies is replaced on the next query
  }

  /**
   * A lease a request waits for goes out at the end of this turn of the event loop, with every
   * lease asked for meanwhile or waiting to share a statement; one taken ahead waits up to
   * BATCH_MS for others.
   */
  take(
    subject: string,
    want: number,
    limit: number,
    windowSeconds: number,
    options: { ahead?: boolean } = {},
  ): Promise<Lease> {
    return new Promise((resolve, reject) => {
      this.queue.push({ subject, want, limit, windowSeconds, resolve, reject });
      if (options.ahead) this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
      else this.hurry();
    });
  }

  hurry(): void {
    if (this.queue.length) this.immediate ??= setImmediate(() => this.flush());
  }

  private flush() {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    const asks = this.queue;
    this.queue = [];
    for (const batch of batchesOf(asks)) {
      const sent = this.send(batch).finally(() => this.sending.delete(sent));
      this.sending.add(sent);
    }
  }

  private async send(batch: Ask[]): Promise<void> {
    const { limit, windowSeconds } = batch[0]!;
    try {
      const { rows } = await this.pool.query<{
        subject: string;
        taken: number;
        last_grant: number;
        expires_at: Date;
        ms_left: number;
      }>({
        name: 'rate-limit-take',
        text: TAKE,
        values: [
          batch.map((a) => a.subject),
          batch.map((a) => a.want),
          windowSeconds,
          limit,
          REMAINING_SHARE,
        ],
      });
      const bySubject = new Map(rows.map((row) => [row.subject, row]));
      for (const ask of batch) {
        const row = bySubject.get(ask.subject);
        if (!row) ask.reject(new Error(`no rate limit counter returned for ${ask.subject}`));
        else
          ask.resolve({
            granted: row.last_grant,
            taken: row.taken,
            windowId: row.expires_at,
            msLeft: row.ms_left,
          });
      }
    } catch (error) {
      for (const ask of batch) ask.reject(error);
    }
  }

  async giveBack(returns: ReadonlyArray<{ subject: string; windowId: Date; points: number }>) {
    await this.pool.query(GIVE_BACK, [
      returns.map((r) => r.subject),
      returns.map((r) => r.windowId),
      returns.map((r) => r.points),
    ]);
  }

  async forgetExpired() {
    await this.pool.query(
      `DELETE FROM rate_limit_counters WHERE expires_at < now() - interval '1 minute'`,
    );
  }

  async end(): Promise<void> {
    this.flush();
    await Promise.all(this.sending);
    await this.pool.end();
  }
}

/**
 * The statements a queue of leases goes out in: one per limit and window length (the upsert takes
 * them as parameters), each subject at most once in a statement (an upsert cannot change a row
 * twice), sorted by subject, at most MAX_BATCH subjects.
 */
function batchesOf(asks: Ask[]): Ask[][] {
  const batches: Array<{ key: string; subjects: Set<string>; asks: Ask[] }> = [];
  for (const ask of asks) {
    const key = `${ask.limit}/${ask.windowSeconds}`;
    let batch = batches.find(
      (b) => b.key === key && !b.subjects.has(ask.subject) && b.asks.length < MAX_BATCH,
    );
    if (!batch) batches.push((batch = { key, subjects: new Set(), asks: [] }));
    batch.subjects.add(ask.subject);
    batch.asks.push(ask);
  }
  return batches.map((b) =>
    b.asks.sort((x, y) => (x.subject < y.subject ? -1 : x.subject > y.subject ? 1 : 0)),
  );
}
