// GET /openapi.json and GET /docs (with its files under /docs/): public, like /status. No route
// here asks for an actor, so a request without credentials passes app.ts's authentication.
import { NotFoundError } from '../../errors.ts';
import { buildOpenApiDocument } from '../../openapi/document.ts';
import type { OpenApiDocument } from '../../openapi/types.ts';
import { DOCS_PATH, REFERENCE_PAGE, referenceAsset } from '../../openapi/reference-page.ts';
import { jsonResponse } from '../errors.ts';
import type { RestRouter } from '../router.ts';

const FIVE_MINUTES = 'public, max-age=300';

export function registerOpenApiRoutes(router: RestRouter): void {
  let document: OpenApiDocument | undefined;

  router.get('/openapi.json', (_request, context) => {
    const { publicApiUrl, publicAiUrl, mockPort, env } = context.services.config;
    // The mock server is a development tool: a production document does not point at localhost.
    document ??= buildOpenApiDocument({ apiUrl: publicApiUrl, aiUrl: publicAiUrl, mockUrl: env === 'production' ? undefined : `http://localhost:${mockPort}` });
    return jsonResponse(document, 200, { 'cache-control': FIVE_MINUTES });
  });

  router.get(DOCS_PATH, () => new Response(REFERENCE_PAGE, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': FIVE_MINUTES },
  }));

  router.get(`${DOCS_PATH}/:file`, async (request) => {
    const asset = referenceAsset(request.params['file'] ?? '');
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
