// GET /graphiql/:file: the files of the GraphiQL page (src/graphql/graphiql-page.ts). Public like
// /docs, and answered only when GraphiQL is on.
import { GRAPHIQL_ASSETS_PATH, graphiqlAsset } from './graphiql-page.ts';
import type { RestRouter } from '../rest/types.ts';
import { assetResponse } from '../rest/static-asset.ts';

export function registerGraphiQLRoutes(router: RestRouter): void {
  router.get(`${GRAPHIQL_ASSETS_PATH}/:file`, (request, context) =>
    assetResponse(
      request,
      context.services.config.graphiql ? graphiqlAsset(request.params.file ?? '') : undefined,
    ),
  );
}
