// The rate limits' shared counters in PostgreSQL (table rate_limit_counters, one row per subject),
// on a small pool of their own: a lease must not queue behind the requests it is about to let
// through when Prisma's pool is busy. Windows run on PostgreSQL's clock, the same for every process.
import pg from 'pg';
import { type Lease, type LeaseStore, REMAINING_SHARE } from './leased-limiter.ts';

// A window that has ended starts again with this lease. `last_grant` is computed from the row as
// it was before this statement: the only way an upsert can say how many points it took while
// other processes take some at the same time. A grant is at most what the window has left, and at
// most 1/$5 of it (at least one point while any is left), so that leases shrink as the budget
// runs out (leased-limiter.ts, `grantOf`, says the same in TypeScript).
const TAKE = `
  INSERT INTO rate_limit_counters AS c (subject, expires_at, taken, last_grant)
  VALUES ($1, now() + make_interval(secs => $4),
    LEAST($2::int, $3::int, GREATEST(1, $3::int / $5::int)),
    LEAST($2::int, $3::int, GREATEST(1, $3::int / $5::int)))
  ON CONFLICT (subject) DO UPDATE SET
    last_grant = CASE WHEN c.expires_at <= now() THEN EXCLUDED.taken
      ELSE LEAST($2::int, GREATEST(0, $3::int - c.taken), GREATEST(1, ($3::int - c.taken) / $5::int)) END,
    taken = CASE WHEN c.expires_at <= now() THEN EXCLUDED.taken
      ELSE c.taken + LEAST($2::int, GREATEST(0, $3::int - c.taken), GREATEST(1, ($3::int - c.taken) / $5::int)) END,
    expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
  RETURNING taken, last_grant, expires_at, greatest(0, extract(epoch FROM expires_at - now()) * 1000)::int AS ms_left`;

const GIVE_BACK = `
  UPDATE rate_limit_counters c SET taken = GREATEST(0, c.taken - r.points)
  FROM unnest($1::text[], $2::timestamptz[], $3::int[]) AS r(subject, expires_at, points)
  WHERE c.subject = r.subject AND c.expires_at = r.expires_at`;

export class PgLeaseStore implements LeaseStore {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    // Two connections are plenty: a lease is one short statement. A database that does not answer
    // within a second makes the limiter count in memory for a moment (leased-limiter.ts).
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      connectionTimeoutMillis: 1_000,
      query_timeout: 2_000,
      application_name: 'trips-rate-limits',
    });
    this.pool.on('error', () => {}); // an idle connection that dies is replaced on the next query
  }

  async take(subject: string, want: number, limit: number, windowSeconds: number): Promise<Lease> {
    const { rows } = await this.pool.query<{
      taken: number;
      last_grant: number;
      expires_at: Date;
      ms_left: number;
    }>({
      name: 'rate-limit-take',
      text: TAKE,
      values: [subject, want, limit, windowSeconds, REMAINING_SHARE],
    });
    const row = rows[0]!;
    return {
      granted: row.last_grant,
      taken: row.taken,
      windowId: row.expires_at,
      msLeft: row.ms_left,
    };
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

  end(): Promise<void> {
    return this.pool.end();
  }
}
