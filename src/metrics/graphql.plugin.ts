// Counts the operations on /graphql by name, type and outcome (graphql_operations_total): ok or
// error once executed, invalid when validation refused them (they never execute).
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from './metrics.ts';

export function useOperationMetrics(metrics: Metrics): Plugin {
  return {
    onValidate({ params }) {
      return ({ result }) => {
        if (result.length === 0) return;
        const operation = getOperationAST(params.documentAST);
        metrics.graphqlOperation(
          operation?.name?.value,
          operation?.operation ?? 'unknown',
          'invalid',
        );
      };
    },
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const name = operation?.name?.value;
      const type = operation?.operation ?? 'unknown';
      return {
        onExecuteDone({ result }) {
          const failed = 'errors' in result && (result.errors?.length ?? 0) > 0;
          metrics.graphqlOperation(name, type, failed ? 'error' : 'ok');
        },
      };
    },
  };
}
