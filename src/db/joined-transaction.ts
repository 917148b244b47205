// A client over a transaction that is already open, for code written against a PrismaClient: its
// model calls and raw statements run in that transaction, and its `$transaction(fn)` joins it
// instead of opening another, at a savepoint, so that `fn` failing undoes what `fn` did and
// nothing else (as its own transaction would have). A request sent with an Idempotency-Key runs
// so (src/idempotency/idempotency.ts): its change and its stored answer commit together.
//
// The hand-written SQL paths (sql.ts, sql-transaction.ts) find no pool under such a client, and
// take the Prisma path they keep for that case: every statement stays in the transaction.
import type { Prisma, PrismaClient } from './prisma.ts';

type Work = (tx: Prisma.TransactionClient) => Promise<unknown>;

export function joinedClient(tx: Prisma.TransactionClient): PrismaClient {
  let savepoints = 0;
  const atSavepoint = async <T>(work: () => Promise<T>): Promise<T> => {
    const name = `joined_${++savepoints}`;
    await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      // The transaction may be aborted by the failed statement: back to before `work`.
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
      throw error;
    }
  };
  const $transaction = (arg: Work | Array<PromiseLike<unknown>>) =>
    atSavepoint(async () => {
      if (typeof arg === 'function') return arg(tx);
      // A batch: its queries were made on this client, so they run in the transaction too.
      const results: unknown[] = [];
      for (const query of arg) results.push(await query);
      return results;
    });
  return new Proxy(tx, {
    get: (target, property) =>
      property === '$transaction' ? $transaction : Reflect.get(target, property),
  }) as unknown as PrismaClient;
}
