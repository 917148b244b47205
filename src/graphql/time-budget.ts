// The time budget of one /graphql operation (GRAPHQL_TIMEOUT_MS). When it is spent, the executor
// (@graphql-tools/executor, which checks its signal before each field) resolves no further field:
// no new statement starts, the statements in flight finish and their connections go back to the
// pool, and the answer is an `operation_timeout` error. Resolvers that loop can read ctx.signal.
import { GraphQLError } from 'graphql';
import type { Context } from './context.ts';

/** Puts the budget's signal on the execution and the context; the returned function ends it. */
export function withTimeBudget(
  args: { signal?: AbortSignal },
  context: Context,
  timeoutMs: number,
): () => void {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new GraphQLError(
        `The operation ran longer than its budget of ${timeoutMs} ms and was stopped.`,
        {
          extensions: { code: 'operation_timeout', budgetMs: timeoutMs },
        },
      ),
    );
  }, timeoutMs);
  timer.unref();
  const signal = args.signal
    ? AbortSignal.any([args.signal, controller.signal])
    : controller.signal;
  args.signal = signal;
  context.signal = signal;
  return () => clearTimeout(timer);
}
