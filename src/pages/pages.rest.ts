// The traveller pages (docs/pages.md), on paths of their own beside the REST API:
// GET /t/{slug} (a public trip), POST /t/{slug}/join (its join form), GET /c/{slug} (a public
// catalog), GET /i/{jobId} (an import's trip while it is being made) and the view counter's
// script. Each page's data comes from a public GraphQL operation of the same schema, run
// in-process; none needs a key.
import type { GraphQLSchema } from 'graphql';
import { appErrorOf } from '../graphql/errors.ts';
import { ValidationError } from '../errors.ts';
import type { RestRouter } from '../rest/types.ts';
import { handleCatalogPage } from './catalog-page.rest.ts';
import { errorPageOf } from './error-page.ts';
import { handleImportPage } from './import-page.rest.ts';
import { handleJoin } from './join.rest.ts';
import { VIEW_SCRIPT_PATH } from './layout.ts';
import { renderNotFound } from './not-found-page.ts';
import { handlePdf } from './pdf.rest.ts';
import { pageResponse } from './page-response.ts';
import { loadPublicTrip } from './trip-page.query.ts';
import { renderTripPage } from './trip-page.ts';
import { tripPageUrl } from './trip-url.ts';
import { VIEW_SCRIPT } from './view-script.ts';

export function registerPageRoutes(router: RestRouter, schema: GraphQLSchema): void {
  router.errorPages('t', errorPageOf('trip'));
  router.errorPages('i', errorPageOf('trip'));
  router.errorPages('c', errorPageOf('catalog'));
  router.get('/t/:slug', (request, context) =>
    pageOrNotFound(request, 'trip', async () => {
      const slug = request.params.slug ?? '';
      const trip = await loadPublicTrip(schema, context, slug);
      return pageResponse(request, renderTripPage(trip, { pageUrl: tripPageUrl(context, slug) }));
    }),
  );
  router.get('/t/:slug/pdf', (request, context) =>
    pageOrNotFound(request, 'trip', () => handlePdf(schema, request, context)),
  );
  router.post('/t/:slug/join', (request, context) =>
    pageOrNotFound(request, 'trip', () => handleJoin(schema, request, context)),
  );
  router.get('/c/:slug', (request, context) =>
    pageOrNotFound(request, 'catalog', () => handleCatalogPage(schema, request, context)),
  );
  router.get('/i/:jobId', (request, context) =>
    pageOrNotFound(request, 'trip', () => handleImportPage(schema, request, context)),
  );
  router.get(
    VIEW_SCRIPT_PATH,
    () =>
      new Response(VIEW_SCRIPT, {
        headers: {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=86400',
        },
      }),
  );
}

/**
 * The page, or the 404 page when what it shows is not public (private, in the trash, unknown) or
 * its address cannot name one (a slug with characters no slug has). Other errors go on to the
 * router, which answers them with the segment's error page (error-page.ts).
 */
async function pageOrNotFound(
  request: Request,
  what: 'trip' | 'catalog',
  page: () => Promise<Response>,
): Promise<Response> {
  try {
    return await page();
  } catch (thrown) {
    const error = appErrorOf(thrown);
    if (error?.status === 404 || error instanceof ValidationError)
      return pageResponse(request, renderNotFound(request, what), 404);
    throw thrown;
  }
}
