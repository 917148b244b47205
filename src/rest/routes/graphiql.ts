// GET /graphiql/:file: the files of the GraphiQL page (src/graphql/graphiql-page.ts). Public like
// /docs, and answered only when GraphiQL is on.
import { NotFoundError } from '../../errors.ts';
import { GRAPHIQL_ASSETS_PATH, graphiqlAsset } from '../../graphql/graphiql-page.ts';
import type { RestRouter } from '../router.ts';

export function registerGraphiQLRoutes(router: RestRouter): void {
  router.get(`${GRAPHIQL_ASSETS_PATH}/:file`, async (request, context) => {
    const asset = context.services.config.graphiql ? graphiqlAsset(request.params['file'] ?? '') : undefined;
    if (!asset) throw new NotFoundError(`No route for GET ${new URL(request.url).pathname}.`);
    const { contentType, body, gzipped } = await asset;
    const useGzip = gzipped !== undefined && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
    return new Response(useGzip ? gzipped : body, {
      headers: {
        'content-type': contentType,
        'cache-control': 'public, max-age=86400',
        vary: 'accept-encoding',
        ...(useGzip ? { 'content-encoding': 'gzip' } : {}),
      },
    });
  });
}
