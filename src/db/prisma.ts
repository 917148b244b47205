import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { DatabaseQuery } from '../config/config.ts';
import { trackCommits } from './after-commit.ts';
import { PrismaClient } from '../generated/prisma/client.ts';
import { clientPool, preparedStatementNames, registerClientPool } from './sql.ts';

export { preparedStatementNames };

export type { PrismaClient };
export type {
  Prisma,
  Trip,
  TripConfiguration,
  Catalog,
  WebhookEndpoint,
} from '../generated/prisma/client.ts';

export function createPrisma(options: {
  databaseUrl: string;
  poolSize: number;
  /** Default true; see preparedStatementNames. */
  preparedStatements?: boolean;
  /** How long an interactive transaction may run, Prisma's or sql-transaction.ts's (default 30 s). */
  transactionTimeoutMs?: number;
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
  // An idle connection that PostgreSQL closes must not crash the process: the adapter listens only
  // once Prisma has connected, and db/sql.ts may use the pool before that.
  pool.on('error', () => {});
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
  const transactionOptions = { maxWait: 10_000, timeout: options.transactionTimeoutMs ?? 30_000 };
  // The folded twins of searched text (lists/case-fold.ts) are for WHERE only: never read. (The
  // client is typed without the omission, as everywhere else: nothing reads those fields.)
  const omit = {
    trip: { titleFolded: true, seoDescriptionFolded: true },
    catalog: {
      titleFolded: true,
      subtitleFolded: true,
      descriptionFolded: true,
      seoDescriptionFolded: true,
    },
    booking: { buyerNameFolded: true, buyerSurnameFolded: true, buyerEmailFolded: true },
  } as const;
  const named = options.preparedStatements !== false;
  const transactionTimeoutMs = transactionOptions.timeout;
  if (!options.onQuery)
    return registerClientPool(
      trackCommits(new PrismaClient({ adapter, transactionOptions, omit }) as PrismaClient),
      { pool, named, transactionTimeoutMs },
    );
  const client = new PrismaClient({
    adapter,
    transactionOptions,
    omit,
    log: [{ emit: 'event', level: 'query' }],
  }) as unknown as PrismaClient<'query'>;
  client.$on('query', (event) => options.onQuery!({ sql: event.query, params: event.params }));
  // Its transactions can run work after their commit (jobs/queue.ts wakes workers so).
  return registerClientPool(trackCommits(client), {
    pool,
    named,
    onQuery: options.onQuery,
    transactionTimeoutMs,
  });
}

/** The pg pool under a client made by createPrisma (for its connection counts). */
export function databasePool(client: PrismaClient): pg.Pool | undefined {
  return clientPool(client)?.pool;
}
