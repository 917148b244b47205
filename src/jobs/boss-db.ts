// Apart from boss.ts, which loads pg-boss: the job kit (queue.ts) writes jobs in the caller's
// transaction with this adapter alone, so the domains that queue jobs (and the mock server, which
// loads them without a database) do not load pg-boss.
import type { Prisma } from '../db/prisma.ts';

/**
 * pg-boss's database adapter over a Prisma transaction: a job sent with `{ db: bossDb(tx) }` is
 * written in the caller's transaction, so it commits or rolls back with the change that sent it.
 */
export const bossDb = (tx: Prisma.TransactionClient) => ({
  executeSql: async (text: string, values: unknown[] = []) => ({
    rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values),
  }),
});
