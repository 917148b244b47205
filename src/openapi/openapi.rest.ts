// GET /openapi.json and GET /docs (with its files under /docs/): public, like /status. No route
// here asks for an actor, so a request without credentials passes app.ts's authentication.
import type { DomainModule } from '../domain-module.ts';
import { buildOpenApiDocument } from './document.ts';
import type { OpenApiDocument } from './types.ts';
import { DOCS_PATH } from '../http/security-headers.ts';
import { REFERENCE_PAGE, referenceAsset } from './reference-page.ts';
import { jsonResponse } from '../rest/errors.ts';
import type { RestRouter } from '../rest/types.ts';
import { assetResponse } from '../rest/static-asset.ts';

const FIVE_MINUTES = 'public, max-age=300';

export function registerOpenApiRoutes(router: RestRouter, domains: readonly DomainModule[]): void {
  let document: OpenApiDocument | undefined;

  router.get('/openapi.json', (_request, context) => {
    const { publicApiUrl, publicAiUrl, mockPort, env } = context.services.config;
    // The mock server is a development tool: a production document does not point at localhost.
    document ??= buildOpenApiDocument(domains, {
      apiUrl: publicApiUrl,
      aiUrl: publicAiUrl,
      mockUrl: env === 'production' ? undefined : `http://localhost:${mockPort}`,
    });
    return jsonResponse(document, 200, { 'cache-control': FIVE_MINUTES });
  });

  router.get(
    DOCS_PATH,
    () =>
      new Response(REFERENCE_PAGE, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': FIVE_MINUTES },
      }),
  );

  router.get(`${DOCS_PATH}/:file`, (request) =>
    assetResponse(request, referenceAsset(request.params.file ?? '')),
  );
}
