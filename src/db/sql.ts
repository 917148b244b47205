// Hand-written SQL on the Prisma client's own pg pool, for the few hot reads where Prisma's query
// engine costs more than the statement (a trip by id: about 70 µs of Prisma runtime on a 36 µs
// statement). Each statement is named, so every connection parses and plans it once, as the
// adapter names Prisma's repeated statements (db/prisma.ts); rows come as arrays for the caller's
// row mapper; the `onDatabaseQuery` hook sees the statement as it sees Prisma's.
// Nothing here loads Prisma or pg (only their types): modules that import the trips' SQL (and the
// mock server, which must not load a database driver) stay free of them.
import type pg from 'pg';
import type { DatabaseQuery } from '../config/config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

export interface Statement {
  /**
   * Its prepared statement's name: unique, and unlike the adapter's `s<n>`. Without one, a text
   * is named `h<n>` on its third execution, as the adapter names Prisma's (db/prisma.ts).
   */
  readonly name?: string;
  readonly text: string;
}

export type Rows = (statement: Statement, values: unknown[]) => Promise<unknown[][]>;

/** The pool under a client, whether its statements may be named, the query hook, and its transactions' time-out. */
export interface ClientPool {
  pool: pg.Pool;
  named: boolean;
  onQuery?: ((query: DatabaseQuery) => void) | undefined;
  /** The client's interactive transactions' `timeout` (db/prisma.ts), which sql-transaction.ts keeps too. */
  transactionTimeoutMs: number;
}

const pools = new WeakMap<object, ClientPool>();

/** Called by createPrisma for every client it makes. */
export function registerClientPool<T extends object>(client: T, pool: ClientPool): T {
  pools.set(client, pool);
  return client;
}

/** The pool under a client made by createPrisma. */
export function clientPool(client: object): ClientPool | undefined {
  return pools.get(client);
}

/** The pool under a client, and how its hand-written statements are named and reported. */
export interface SqlRunner {
  pool: pg.Pool;
  onQuery?: ((query: DatabaseQuery) => void) | undefined;
  transactionTimeoutMs: number;
  /** The statement's prepared name, or undefined to run it unnamed. */
  nameOf(statement: Statement): string | undefined;
}

const runners = new WeakMap<object, SqlRunner>();

/**
 * The runner of the pool under `client`; undefined for a client createPrisma did not make (a
 * transaction's). One per client, so `h<n>` names one text on every connection of its pool,
 * whether sqlRows or a transaction (sql-transaction.ts) runs it.
 */
export function sqlRunner(client: object): SqlRunner | undefined {
  let runner = runners.get(client);
  if (runner) return runner;
  const under = clientPool(client);
  if (!under) return undefined;
  const { pool, named, onQuery, transactionTimeoutMs } = under;
  const names = preparedStatementNames(1_000, 3, 'h');
  runner = {
    pool,
    onQuery,
    transactionTimeoutMs,
    nameOf: named
      ? (statement) => statement.name ?? names({ sql: statement.text })
      : () => undefined,
  };
  runners.set(client, runner);
  return runner;
}

/**
 * A statement on `target` (the pool, or a connection a transaction holds), named and reported as
 * the runner says: its rows as arrays (for a row mapper), or as objects.
 */
export async function runStatement<R>(
  runner: SqlRunner,
  target: pg.Pool | pg.PoolClient,
  statement: Statement,
  values: unknown[],
  rowMode?: 'array',
): Promise<R[]> {
  runner.onQuery?.({ sql: statement.text, params: JSON.stringify(values) });
  const result = await target.query({
    name: runner.nameOf(statement),
    text: statement.text,
    values,
    ...(rowMode ? { rowMode } : {}),
  });
  return result.rows as R[];
}

const rowRunners = new WeakMap<object, Rows>();

/** Runs statements on the pool under `client`; undefined for a client createPrisma did not make (a transaction's). */
export function sqlRows(client: PrismaClient): Rows | undefined {
  let rows = rowRunners.get(client);
  if (rows) return rows;
  const runner = sqlRunner(client);
  if (!runner) return undefined;
  rows = (statement, values) => runStatement(runner, runner.pool, statement, values, 'array');
  rowRunners.set(client, rows);
  return rows;
}

/**
 * Names for PostgreSQL prepared statements, so each connection parses and plans a statement once
 * instead of on every request (about half of PostgreSQL's CPU on a by-id read; see
 * docs/performance.md).
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
  prefix = 's',
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
    const named = `${prefix}${names.size}`;
    names.set(sql, named);
    return named;
  };
}
