// Work that must wait until a transaction has committed (waking a worker for the job it queued:
// before the commit the worker would not see the job). Prisma has no commit hook, so the clients
// createPrisma makes run their interactive transactions through trackCommits, which gives each
// transaction a list of callbacks and runs them once it has committed.
import type { PrismaClient } from '../generated/prisma/client.ts';

const pending = new WeakMap<object, Array<() => void>>();

/**
 * Runs `callback` once the transaction `tx` has committed; never when it rolls back. Answers false
 * (and will not run it) when `tx` is not a transaction of a client made by createPrisma.
 */
export function afterCommit(tx: object, callback: () => void): boolean {
  const callbacks = pending.get(tx);
  callbacks?.push(callback);
  return callbacks !== undefined;
}

/**
 * Gives `tx`, a transaction Prisma did not open (sql-transaction.ts), its afterCommit callbacks;
 * answers what its owner calls once it has committed.
 */
export function trackTransaction(tx: object): () => void {
  const callbacks: Array<() => void> = [];
  pending.set(tx, callbacks);
  return () => runCallbacks(callbacks);
}

function runCallbacks(callbacks: Array<() => void>) {
  // Committed: what was waiting runs now. A failing callback must not turn the committed
  // change into an error for its caller.
  for (const callback of callbacks) {
    try {
      callback();
    } catch {}
  }
}

/** Makes `client.$transaction(fn)` run its transaction's afterCommit callbacks after the commit. */
export function trackCommits(client: PrismaClient): PrismaClient {
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.$transaction = ((arg: unknown, ...rest: unknown[]) => {
    if (typeof arg !== 'function') return transaction(arg, ...rest); // a batch: nothing can register
    const callbacks: Array<() => void> = [];
    return transaction(
      async (tx: object) => {
        pending.set(tx, callbacks);
        return (arg as (tx: object) => Promise<unknown>)(tx);
      },
      ...rest,
    ).then((result) => {
      runCallbacks(callbacks);
      return result;
    });
  }) as PrismaClient['$transaction'];
  return client;
}
