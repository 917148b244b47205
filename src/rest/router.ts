// The REST facade: itty-router routes that each run a prepared GraphQL operation. Each domain's
// routes live in its folder (<entity>.rest.ts) and come with the list of domains the caller hands
// over (app.ts, from service.ts: src/domains.ts).
// Handlers return Responses themselves; no `finally: [json]` (it copies request headers into the
// response).
import { Router, type IRequest, type RequestHandler, type RouteEntry } from 'itty-router';
import type { GraphQLSchema } from 'graphql';
import type { DomainModule } from '../domain-module.ts';
import type { Context } from '../graphql/context.ts';
import { NotFoundError } from '../errors.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { requestContract, type RequestCheck } from './contract.ts';
import { errorResponse } from './errors.ts';
import { registerGraphiQLRoutes } from '../graphql/graphiql.rest.ts';
import { registerOpenApiRoutes } from '../openapi/openapi.rest.ts';
import type { ErrorPage, RestRouter, Surface } from './types.ts';
import type { Logger } from '../logger.ts';

export type { RestRouter, Surface } from './types.ts';

export function createRestRouter(
  domains: readonly DomainModule[],
  schema: GraphQLSchema,
  surface: Surface,
): RestRouter {
  const router = new SegmentRouter(contractOf(domains, surface));
  for (const { routes } of domains)
    if (routes?.on.includes(surface)) routes.register(router, schema, surface);
  if (surface === 'api') {
    registerOpenApiRoutes(router, domains);
    registerGraphiQLRoutes(router);
  }
  router.all('*', (request) => {
    throw new NotFoundError(`No route for ${request.method} ${new URL(request.url).pathname}.`);
  });
  return router;
}

type Itty = ReturnType<typeof Router<IRequest, [Context]>>;
type Handler = RequestHandler<IRequest, [Context]>;

/**
 * itty-router routers, one for each first segment of the paths (`/trips/...`, `/status`). An itty
 * router tries its routes in order, and each try allocates (its entry destructured, the path read
 * off the URL again): with every route in one router, GET /status allocated 10 KB to find its
 * route, the last one. Here a request tries the few routes of its own segment. A route on every
 * path (`*`) is added to every segment's router, after its own routes, and serves the paths of no
 * segment.
 */
class SegmentRouter implements RestRouter {
  private readonly bySegment = new Map<string, Itty>();
  private readonly everyPath = this.newRouter();
  private everyPathRoutes = 0;
  private entries: RouteEntry[] | undefined;

  private readonly contract: RequestCheck;
  private readonly pages = new Map<string, ErrorPage>();

  constructor(contract: RequestCheck) {
    this.contract = contract;
  }

  get = this.adder('get');
  post = this.adder('post');
  put = this.adder('put');
  patch = this.adder('patch');
  delete = this.adder('delete');
  all = this.adder('all');

  get routes(): readonly RouteEntry[] {
    this.entries ??= [...this.bySegment.values()]
      .flatMap((router) => router.routes.filter((route) => route[3] !== '*'))
      .concat(this.everyPath.routes);
    return this.entries;
  }

  async fetch(request: Request, context: Context, url: URL): Promise<Response> {
    try {
      const answered = this.contract(request, url);
      if (answered) return answered;
    } catch (error) {
      return this.errorAnswer(error, request, context.logger, url);
    }
    const router = this.bySegment.get(segmentOf(url.pathname)) ?? this.everyPath;
    return router.fetch(request, context);
  }

  errorPages(segment: string, render: ErrorPage): void {
    this.pages.set(segment, render);
  }

  errorAnswer(error: unknown, request: Request, logger: Logger, url: URL): Response {
    const answer = errorResponse(error, logger);
    const page = this.pages.get(segmentOf(url.pathname));
    if (!page) return answer;
    return page(error, request, {
      status: answer.status,
      headers: Object.fromEntries(
        [...answer.headers].filter(
          ([name]) => name === 'retry-after' || name.startsWith('ratelimit'),
        ),
      ),
    });
  }

  private adder(method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all') {
    return (path: string, ...handlers: Handler[]) => {
      this.entries = undefined;
      if (path === '*') {
        this.everyPathRoutes++;
        for (const router of [this.everyPath, ...this.bySegment.values()])
          router[method]('*', ...handlers);
        return;
      }
      const segment = segmentOf(path);
      if (segment === '' || segment.startsWith(':') || segment.includes('*'))
        throw new Error(`A REST route starts with a fixed segment: ${path}.`);
      let router = this.bySegment.get(segment);
      if (!router) {
        // A segment's router would try its `*` routes before the ones added later.
        if (this.everyPathRoutes) throw new Error(`Routes on every path come last: ${path}.`);
        router = this.newRouter();
        this.bySegment.set(segment, router);
      }
      router[method](path, ...handlers);
    };
  }

  private newRouter(): Itty {
    return Router<IRequest, [Context]>({
      catch: (error, request, context) =>
        this.errorAnswer(error, request, context.logger, new URL(request.url)),
    });
  }
}

/** `/trips/{id}/config` → `trips`. */
function segmentOf(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/**
 * The OpenAPI document's promises for this listener's paths (rest/contract.ts): the AI listener's
 * are the ones documented with a server of their own, plus /status.
 */
function contractOf(domains: readonly DomainModule[], surface: Surface) {
  const document = buildOpenApiDocument(domains, {
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
