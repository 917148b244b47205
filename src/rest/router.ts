// The REST facade: itty-router routes that each run a prepared GraphQL operation. Handlers return
// Responses themselves; no `finally: [json]` (it copies request headers into the response).
import { Router, type IRequest } from 'itty-router';
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../graphql/context.ts';
import { NotFoundError } from '../errors.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { requestContract } from './contract.ts';
import { errorResponse } from './errors.ts';
import { registerApiKeyRoutes } from '../auth/api-keys.rest.ts';
import { registerCatalogRoutes } from '../catalogs/catalog.rest.ts';
import { registerGraphiQLRoutes } from '../graphql/graphiql.rest.ts';
import { registerImportRoutes } from '../imports/import.rest.ts';
import { registerOAuthRoutes } from '../auth/oauth.rest.ts';
import { registerOpenApiRoutes } from '../openapi/openapi.rest.ts';
import { registerStatusRoutes } from '../status/status.rest.ts';
import { registerTripConfigurationRoutes } from '../trips/configuration.rest.ts';
import { registerTripRoutes } from '../trips/trip.rest.ts';
import { registerWebhookRoutes } from '../webhooks/endpoint.rest.ts';

export type RestRouter = ReturnType<typeof Router<IRequest, [Context]>>;
export type Surface = 'api' | 'ai';

export function createRestRouter(schema: GraphQLSchema, surface: Surface): RestRouter {
  const router = Router<IRequest, [Context]>({
    before: [contractOf(surface)],
    catch: (error, _request, context) => errorResponse(error, context.logger),
  });
  registerStatusRoutes(router, schema);
  if (surface === 'api') {
    registerOAuthRoutes(router, schema);
    registerApiKeyRoutes(router, schema);
    registerTripRoutes(router, schema);
    registerTripConfigurationRoutes(router, schema);
    registerCatalogRoutes(router, schema);
    registerWebhookRoutes(router, schema);
    registerOpenApiRoutes(router);
    registerGraphiQLRoutes(router);
  }
  registerImportRoutes(router, schema, surface);
  router.all('*', (request) => {
    throw new NotFoundError(`No route for ${request.method} ${new URL(request.url).pathname}.`);
  });
  return router;
}

/**
 * The OpenAPI document's promises for this listener's paths (rest/contract.ts): the AI listener's
 * are the ones documented with a server of their own, plus /status.
 */
function contractOf(surface: Surface) {
  const document = buildOpenApiDocument({
    apiUrl: 'http://api.invalid',
    aiUrl: 'http://ai.invalid',
  });
  const onAi = (path: string, item: { servers?: unknown }) =>
    (item.servers !== undefined) === (surface === 'ai') || (surface === 'ai' && path === '/status');
  const paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path, item]) => onAi(path, item)),
  );
  return requestContract(paths, document.components.parameters);
}
