// Apart from boss.ts, which loads pg-boss: the job kit (queue.ts) writes jobs in the caller's
// transaction with this adapter alone, so the domains that queue jobs (and the mock server, which
// loads them without a database) do not load pg-boss.
import type { Prisma } from '../db/prisma.ts';
import type { SqlTransaction } from '../db/sql-transaction.ts';

/** A transaction that runs SQL text: Prisma's transaction client, or db/sql-transaction.ts's. */
/** pg-boss's schema in our database; here, not in boss.ts, so that its readers need not load pg-boss. */
export const BOSS_SCHEMA = 'pgboss';

export type RawSqlTransaction = Pick<Prisma.TransactionClient, '$queryRawUnsafe'> | SqlTransaction;

/**
 * pg-boss's database adapter over the caller's transaction: a job sent with `{ db: bossDb(tx) }`
 * is written in it, so it commits or rolls back with the change that sent it.
 */
export const bossDb = (tx: RawSqlTransaction) => ({
  executeSql: async (text: string, values: unknown[] = []) => ({
    rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values),
  }),
});
