// The REST facade: itty-router routes that each run a prepared GraphQL operation. Each domain's
// routes live in its folder (<entity>.rest.ts) and come through the registry (src/domains.ts).
// Handlers return Responses themselves; no `finally: [json]` (it copies request headers into the
// response).
import { Router, type IRequest } from 'itty-router';
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../graphql/context.ts';
import { NotFoundError } from '../errors.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { requestContract } from './contract.ts';
import { errorResponse } from './errors.ts';
import { DOMAINS } from '../domains.ts';
import { registerGraphiQLRoutes } from '../graphql/graphiql.rest.ts';
import { registerOpenApiRoutes } from '../openapi/openapi.rest.ts';
import type { RestRouter, Surface } from './types.ts';

export type { RestRouter, Surface } from './types.ts';

export function createRestRouter(schema: GraphQLSchema, surface: Surface): RestRouter {
  const router = Router<IRequest, [Context]>({
    before: [contractOf(surface)],
    catch: (error, _request, context) => errorResponse(error, context.logger),
  });
  for (const { routes } of DOMAINS)
    if (routes?.on.includes(surface)) routes.register(router, schema, surface);
  if (surface === 'api') {
    registerOpenApiRoutes(router);
    registerGraphiQLRoutes(router);
  }
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
