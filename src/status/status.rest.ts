import type { GraphQLSchema } from 'graphql';
import { prepareOperation, runOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import type { RestRouter } from '../rest/types.ts';
import { selectionOf } from '../rest/selection.ts';
import type { StatusReport } from './status.service.ts';
import { statusShape } from './status.shape.ts';

export function registerStatusRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const STATUS = prepareOperation<{ status: StatusReport }>(
    schema,
    `query Status { status { ${selectionOf(statusShape)} } }`,
  );

  router.get('/status', async (_request, context) => {
    const report = (await runOperation(schema, STATUS, context)).status;
    return jsonResponse(report, report.status === 'ok' ? 200 : 503, {
      'cache-control': 'no-store',
    });
  });
}
