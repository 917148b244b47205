// A transaction on one connection of a client's pool, in hand-written SQL, for a hot write where
// Prisma's interactive transaction costs more CPU than its statements (a trip's creation with its
// event, issue 16). Statements are named as sqlRows names them (sql.ts) and reported to the
// `onDatabaseQuery` hook; afterCommit callbacks (a worker woken for a queued job) run once it has
// committed, as for Prisma's transactions; it times out as they do (the client's
// `transactionTimeoutMs`). Like sql.ts, nothing here loads pg (only its types).
import type pg from 'pg';
import { trackTransaction } from './after-commit.ts';
import { runStatement, sqlRunner, type SqlRunner, type Statement } from './sql.ts';

/**
 * A transaction that ran past its time-out, rolled back. Its code is the one Prisma gives its own
 * expired transaction (P2028), so whatever handles one handles both: the caller answers 503
 * service_unavailable (db/unavailable.ts).
 */
export class TransactionTimeoutError extends Error {
  readonly code = 'P2028';
  constructor(timeoutMs: number) {
    super(
      `Transaction API error: the transaction ran longer than its timeout of ${timeoutMs} ms and was rolled back.`,
    );
    this.name = 'TransactionTimeoutError';
  }
}

export class SqlTransaction {
  readonly #client: pg.PoolClient;
  readonly #runner: SqlRunner;
  /** Why no statement may run any more (the transaction timed out and its connection is gone). */
  #closed: Error | undefined;

  constructor(client: pg.PoolClient, runner: SqlRunner) {
    this.#client = client;
    this.#runner = runner;
  }

  /** The statement's rows, as arrays (for a row mapper). */
  rows(statement: Statement, values: unknown[] = []): Promise<unknown[][]> {
    if (this.#closed) return Promise.reject(this.#closed);
    return runStatement(this.#runner, this.#client, statement, values, 'array');
  }

  /** Rows as objects, with the signature of Prisma's: what pg-boss (jobs/boss-db.ts) and the event recorder run. */
  async $queryRawUnsafe<T = unknown>(text: string, ...values: unknown[]): Promise<T> {
    if (this.#closed) throw this.#closed;
    return (await runStatement(this.#runner, this.#client, { text }, values)) as T;
  }

  /** Called by sqlTransaction when it ends the transaction before `fn` has returned. */
  close(reason: Error) {
    this.#closed = reason;
  }
}

/**
 * `fn` in a transaction on one connection of the pool under `client`: committed when it returns,
 * rolled back when it throws. Undefined without a pool (a client createPrisma did not make).
 *
 * When `fn` has not returned `timeoutMs` after BEGIN (by default the client's, as for its Prisma
 * transactions), the caller gets a TransactionTimeoutError at once, nothing is committed, and the
 * connection is closed rather than given back: a statement may still be running on it. PostgreSQL
 * rolls the transaction back when it sees the connection gone; its `statement_timeout`, set for
 * the transaction, ends a statement that would keep it (and its locks) busy longer.
 */
export async function sqlTransaction<T>(
  client: object,
  fn: (tx: SqlTransaction) => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<{ result: T } | undefined> {
  const runner = sqlRunner(client);
  if (!runner) return undefined;
  const timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? runner.transactionTimeoutMs));
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
  const timeout = new TransactionTimeoutError(timeoutMs);
  const began = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeout), timeoutMs);
  });
  const work = (async () => {
    // One round trip: the time-out's limit reaches the server with the BEGIN.
    await simple(`BEGIN; SET LOCAL statement_timeout = ${timeoutMs}`);
    return fn(tx);
  })();
  let result: T;
  try {
    result = await Promise.race([work, expired]);
    clearTimeout(timer);
    // From here the transaction is the server's to finish: a commit sent is never reported as a time-out.
    await simple('COMMIT');
  } catch (error) {
    clearTimeout(timer);
    if (error === timeout) {
      // `fn` still runs: what it does from now on fails, and its end is nobody's to wait for.
      tx.close(timeout);
      work.catch(() => {});
      release(timeout);
      throw timeout;
    }
    // A connection that cannot roll back is broken: the pool must not hand it out again.
    const broken = await simple('ROLLBACK').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    release(broken);
    // The statement_timeout ended a statement (57014, also a cancel's code) once the time was out,
    // before the timer's turn came.
    const cancelled = (error as { code?: unknown } | undefined)?.code === '57014';
    if (cancelled && performance.now() - began >= timeoutMs) throw timeout;
    throw error;
  }
  release();
  committed();
  return { result };
}
