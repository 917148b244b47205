import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { DatabaseQuery } from '../config/config.ts';
import { trackCommits } from './after-commit.ts';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { PrismaClient };
export type { Prisma, Trip, Catalog, WebhookEndpoint } from '../generated/prisma/client.ts';

export function createPrisma(options: {
  databaseUrl: string;
  poolSize: number;
  /** Default true; see preparedStatementNames. */
  preparedStatements?: boolean;
  onQuery?: ((query: DatabaseQuery) => void) | undefined;
}): PrismaClient {
  // Our own pool (the adapter ends it with the client), so the metrics can read its counts.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    // Fail fast when PostgreSQL is down, so /status can answer 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    ...(options.preparedStatements === false
      ? {}
      : {
          // pg sends a statement whose name is undefined unnamed; adapter-pg's type only admits strings.
          statementNameGenerator: preparedStatementNames() as (query: { sql: string }) => string,
        }),
  });
  // A transaction may wait for a connection while the pool is busy (bursts of bulk writes).
  const transactionOptions = { maxWait: 10_000, timeout: 30_000 };
  if (!options.onQuery) return withPool(new PrismaClient({ adapter, transactionOptions }), pool);
  const client = new PrismaClient({
    adapter,
    transactionOptions,
    log: [{ emit: 'event', level: 'query' }],
  });
  client.$on('query', (event) => options.onQuery!({ sql: event.query, params: event.params }));
  return withPool(client, pool);
}

const pools = new WeakMap<object, pg.Pool>();
function withPool(client: PrismaClient, pool: pg.Pool): PrismaClient {
  pools.set(client, pool);
  // Its transactions can run work after their commit (jobs/queue.ts wakes workers so).
  return trackCommits(client);
}

/** The pg pool under a client made by createPrisma (for its connection counts). */
export function databasePool(client: PrismaClient): pg.Pool | undefined {
  return pools.get(client);
}

/**
 * Names for PostgreSQL prepared statements, so each connection parses and plans a statement once
 * instead of on every request (about half of PostgreSQL's CPU on a by-id read; see
 * ../shared/notes/performance-and-traps.md).
 *
 * Every connection keeps what it prepared until it closes, so names are few and go to statements
 * that repeat: a text is named on its third execution (`after`), and at most `limit` texts ever
 * are. One-off texts (a rare selection, an `IN ($1, …, $n)` of a new length) stay unnamed and run
 * as before, without using up a name; the count of unnamed texts is forgotten when it grows large.
 *
 * After five executions PostgreSQL may keep a generic plan, made without the values: the EXPLAIN
 * test checks those plans as well (test/integration/trips-explain.test.ts). Columns are always
 * listed by name, so a migration adding one does not break a prepared statement. Behind a pooler
 * that cannot keep prepared statements, set DATABASE_PREPARED_STATEMENTS=false.
 */
export function preparedStatementNames(
  limit = 1_000,
  after = 3,
): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  return ({ sql }) => {
    const name = names.get(sql);
    if (name !== undefined || names.size >= limit) return name;
    const count = (seen.get(sql) ?? 0) + 1;
    if (count < after) {
      if (seen.size >= 10 * limit) seen.clear();
      seen.set(sql, count);
      return undefined;
    }
    seen.delete(sql);
    const named = `s${names.size}`;
    names.set(sql, named);
    return named;
  };
}
