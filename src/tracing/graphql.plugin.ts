// A span per GraphQL execution on /graphql, named by operation type and name; the resolvers'
// Prisma spans nest under it. Nothing happens while tracing is off (traceSpan runs the executor).
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { traceSpan } from './tracing.ts';

export function useOperationTracing(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'unknown';
      const name = operation?.name?.value;
      setExecuteFn((executeArgs) =>
        traceSpan(
          `graphql.execute ${type}${name ? ` ${name}` : ''}`,
          'internal',
          {
            'graphql.operation.type': type,
            'graphql.operation.name': name,
          },
          async () => executeFn(executeArgs),
        ),
      );
    },
  };
}
