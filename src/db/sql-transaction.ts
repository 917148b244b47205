// A transaction on one connection of a client's pool, in hand-written SQL, for a hot write where
// Prisma's interactive transaction costs more CPU than its statements (a trip's creation with its
// event, issue 16). Statements are named as sqlRows names them (sql.ts) and reported to the
// `onDatabaseQuery` hook; afterCommit callbacks (a worker woken for a queued job) run once it has
// committed, as for Prisma's transactions. Like sql.ts, nothing here loads pg (only its types).
import type pg from 'pg';
import { trackTransaction } from './after-commit.ts';
import { runStatement, sqlRunner, type SqlRunner, type Statement } from './sql.ts';

export class SqlTransaction {
  readonly #client: pg.PoolClient;
  readonly #runner: SqlRunner;

  constructor(client: pg.PoolClient, runner: SqlRunner) {
    this.#client = client;
    this.#runner = runner;
  }

  /** The statement's rows, as arrays (for a row mapper). */
  rows(statement: Statement, values: unknown[] = []): Promise<unknown[][]> {
    return runStatement(this.#runner, this.#client, statement, values, 'array');
  }

  /** Rows as objects, with the signature of Prisma's: what pg-boss (jobs/boss-db.ts) and the event recorder run. */
  async $queryRawUnsafe<T = unknown>(text: string, ...values: unknown[]): Promise<T> {
    return (await runStatement(this.#runner, this.#client, { text }, values)) as T;
  }
}

/**
 * `fn` in a transaction on one connection of the pool under `client`: committed when it returns,
 * rolled back when it throws. Undefined without a pool (a client createPrisma did not make).
 */
export async function sqlTransaction<T>(
  client: object,
  fn: (tx: SqlTransaction) => Promise<T>,
): Promise<{ result: T } | undefined> {
  const runner = sqlRunner(client);
  if (!runner) return undefined;
  const connection = await runner.pool.connect();
  // A checked-out connection has no pool listener: its 'error' (the server restarting, the
  // backend terminated) would be an uncaught exception that ends the process. The statement in
  // flight fails with it, and the connection is released as broken.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  connection.on('error', onError);
  const release = (broken?: Error) => {
    connection.off('error', onError);
    connection.release(broken ?? lost);
  };
  const tx = new SqlTransaction(connection, runner);
  const committed = trackTransaction(tx);
  const simple = (sql: string) => {
    runner.onQuery?.({ sql, params: '[]' });
    return connection.query(sql);
  };
  let result: T;
  try {
    await simple('BEGIN');
    result = await fn(tx);
    await simple('COMMIT');
  } catch (error) {
    // A connection that cannot roll back is broken: the pool must not hand it out again.
    const broken = await simple('ROLLBACK').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    release(broken);
    throw error;
  }
  release();
  committed();
  return { result };
}
