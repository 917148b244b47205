// Counts the operations on /graphql by name, type and outcome (graphql_operations_total): ok or
// error once executed, invalid when validation refused them (they never execute). Operation names
// are the client's to choose, so only known ones become labels (the operations the REST routes
// run, and GRAPHQL_METRICS_OPERATIONS); any other name counts as `other`, an unnamed operation as
// `anonymous`: a client sending random names cannot grow the series or push real ones out.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from './metrics.ts';

/** An operation's metrics label: its name when we know it, so clients cannot grow the series. */
export const operationLabel = (known: ReadonlySet<string>, name: string | undefined) =>
  name === undefined ? 'anonymous' : known.has(name) ? name : 'other';

export function useOperationMetrics(metrics: Metrics, known: ReadonlySet<string>): Plugin {
  const labelOf = (name: string | undefined) => operationLabel(known, name);
  return {
    onValidate({ params }) {
      return ({ result }) => {
        if (result.length === 0) return;
        const operation = getOperationAST(params.documentAST);
        metrics.graphqlOperation(
          labelOf(operation?.name?.value),
          operation?.operation ?? 'unknown',
          'invalid',
        );
      };
    },
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const name = labelOf(operation?.name?.value);
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
