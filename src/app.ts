// createApp(deps) → a fetch handler: request id, CORS preflights, authentication, rate limit, then
// /graphql to Yoga and everything else to the REST facade; CORS and security headers on every
// answer. It never listens; service.ts does.
import type { GraphQLSchema } from 'graphql';
import { type Actor, callerSubject } from './auth/actor.ts';
import { ON_BEHALF_OF_HEADER } from './auth/on-behalf-of.ts';
import { LIMITS } from './config/constants.ts';
import type { DomainModule } from './domain-module.ts';
import { createCors } from './http/cors.ts';
import type { App, ServerContext } from './http/fetch-handler.ts';
import { headAnswer, routedAs } from './http/head.ts';
import { createSecurityHeaders } from './http/security-headers.ts';
import type { PrismaClient } from './db/prisma.ts';
import { UnauthenticatedError } from './errors.ts';
import type { Context } from './graphql/context.ts';
import { checkGraphQLRequest } from './graphql/http-contract.ts';
import { createDirectExecution } from './graphql/direct-execution.ts';
import { TrustedDocuments } from './graphql/trusted-documents.ts';
import { ValidatedDocuments } from './graphql/validated-documents.ts';
import { createGraphQLHandler } from './graphql/yoga.ts';
import {
  createIdempotencyGuard,
  IDEMPOTENCY_KEY_HEADER,
  wantsIdempotency,
} from './idempotency/idempotency.ts';
import { RateLimitedError } from './http/rate-limit.ts';
import { requestIdOf } from './http/request-id.ts';
import { createRequestLog } from './http/request-log.ts';
import type { Logger } from './logger.ts';
import { routeOf } from './metrics/route.ts';
import { readBody } from './rest/body.ts';
import { preparedOperationNames } from './rest/execute.ts';
import { createRestRouter, type Surface } from './rest/router.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  /** Every domain, from the composition root (service.ts): the REST router registers their routes. */
  domains: readonly DomainModule[];
  schema: GraphQLSchema;
  prisma: PrismaClient;
  logger: Logger;
  services: Services;
}

/** Paths whose Authorization header is not ours to interpret (OAuth client authentication). */
const OWN_AUTH_PATHS = new Set(['/oauth/token']);

export function createApp(deps: AppDeps, surface: Surface = 'api'): App {
  const { trustProxy } = deps.services.config;
  /** The peer address, or the first X-Forwarded-For hop when a trusted proxy sets it. */
  const clientIp = (request: Request, serverContext: ServerContext): string => {
    const forwarded = trustProxy
      ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
      : undefined;
    return forwarded || (serverContext.req?.socket.remoteAddress ?? 'unknown');
  };
  const cors = createCors(deps.services.config.corsOrigins);
  const secure = createSecurityHeaders(deps.services.config);
  const router = createRestRouter(deps.domains, deps.schema, surface);
  const requestLog = createRequestLog(deps.logger);
  const graphql = surface === 'api' ? createGraphQL(deps) : undefined;
  const idempotent = createIdempotencyGuard({
    prisma: deps.prisma,
    secret: deps.services.keys.answerEncryption,
    config: deps.services.config,
  });

  /** The caller, or null when anonymous. Failures spend the IP's budget, and a spent budget is a 429 before any lookup. */
  async function authenticate(
    request: Request,
    serverContext: ServerContext,
    context: Context,
    path: string,
  ): Promise<Actor | null> {
    const authorization = request.headers.get('authorization');
    if (OWN_AUTH_PATHS.has(path) || authorization === null) return null;
    const { rateLimits, authenticator } = deps.services;
    await rateLimits.assertMayAuthenticate(context.clientIp);
    try {
      return await authenticator.authenticate({
        authorization,
        onBehalfOf: headerValues(request, serverContext, ON_BEHALF_OF_HEADER),
      });
    } catch (error) {
      if (error instanceof UnauthenticatedError)
        await rateLimits.recordAuthFailure(context.clientIp);
      throw error;
    }
  }

  async function handle(
    request: Request,
    serverContext: ServerContext,
    context: Context,
    url: URL,
  ) {
    const path = url.pathname;
    const actor = await authenticate(request, serverContext, context, path);
    context.actor = actor;
    const limits = await deps.services.rateLimits.consume(callerSubject(actor, context.clientIp));
    const dispatch = async (request: Request) =>
      graphql && path === '/graphql'
        ? (checkGraphQLRequest(request) ?? (await graphql.fetch(request, context)))
        : await router.fetch(request, context, url);
    // A key is its caller's: without credentials (a public mutation) the header is ignored.
    const response =
      actor && wantsIdempotency(request)
        ? await idempotent(
            request,
            headerValues(request, serverContext, IDEMPOTENCY_KEY_HEADER),
            context,
            url,
            dispatch,
          )
        : await dispatch(request);
    return withHeaders(response, limits);
  }

  return {
    async fetch(request, serverContext = {}) {
      const started = performance.now();
      const requestId = requestIdOf(request);
      let logger: Logger | undefined;
      const context: Context = {
        prisma: deps.prisma,
        actor: null,
        requestId,
        clientIp: clientIp(request, serverContext),
        userAgent: request.headers.get('user-agent'),
        // A pino child costs a few µs to make, and most requests log nothing but their request
        // line: made on first use. An own property, so that Yoga's copy of the context has it.
        get logger() {
          logger ??= deps.logger.child({ requestId });
          return logger;
        },
        services: deps.services,
      };
      const url = new URL(request.url);
      const path = url.pathname;
      const routed = routedAs(request);
      let response: Response;
      try {
        response = cors.preflight(request) ?? (await handle(routed, serverContext, context, url));
      } catch (error) {
        response = router.errorAnswer(error, request, context.logger, url);
        if (error instanceof RateLimitedError)
          deps.services.metrics.rateLimitRefusal(context.actor ? 'key' : 'ip');
      }
      cors.decorate(request, response);
      response = await secure(path, response);
      response.headers.set('x-request-id', requestId);
      if (routed !== request) response = await headAnswer(response);
      requestLog({
        requestId,
        method: request.method,
        path,
        status: response.status,
        ms: Math.round(performance.now() - started),
      });
      deps.services.metrics.request(
        request.method,
        routeOf(routed, path, router),
        response.status,
        started,
      );
      return response;
    },
  };
}

/** Every value of a header as received, one per header line (fetch's Headers merges them). */
function headerValues(request: Request, serverContext: ServerContext, name: string): string[] {
  const raw = serverContext.req?.rawHeaders;
  if (!raw) {
    const value = request.headers.get(name);
    return value === null ? [] : [value];
  }
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === name) values.push(raw[i + 1]!);
  return values;
}

/**
 * /graphql: a POST of a prepared document runs directly (graphql/direct-execution.ts), everything
 * else goes to Yoga. The trusted documents are prepared here, once.
 */
function createGraphQL(deps: AppDeps) {
  const { config, metrics } = deps.services;
  const trusted = new TrustedDocuments(deps.schema);
  const validated = new ValidatedDocuments(deps.schema, {
    hideSuggestions: !config.graphql.introspection,
  });
  // The metrics count operations by name only for names we wrote; the others are `other`.
  const knownOperations = new Set([
    ...preparedOperationNames(),
    ...trusted.names(),
    ...config.graphql.metricsOperations,
  ]);
  const yoga = createGraphQLHandler(deps.schema, {
    graphiql: config.graphiql,
    limits: config.graphql,
    logger: deps.logger,
    metrics,
    trusted,
    validated,
    knownOperations,
  });
  const executeDirectly = createDirectExecution({
    trusted,
    validated,
    knownOperations,
    limits: config.graphql,
    metrics,
    logger: deps.logger,
  });
  const decoder = new TextDecoder();
  return {
    async fetch(request: Request, context: Context): Promise<Response> {
      if (request.method !== 'POST') return yoga.fetch(request, { appContext: context });
      // GraphQL bodies get the same hard limit as REST ones (the largest: a trip configuration),
      // and a small one without credentials: a public page's query is a few KB. An anonymous body
      // past its limit is discarded up to the authenticated limit's drain, so the client reads its
      // 413 instead of a reset: discarding costs no parsing.
      const limit = context.actor ? LIMITS.configBodyBytes : LIMITS.anonymousGraphqlBodyBytes;
      const body = await readBody(request, limit, LIMITS.configBodyBytes * 4);
      return (
        (await executeDirectly(request, decoder.decode(body), context)) ??
        yoga.fetch(new Request(request.url, { method: 'POST', headers: request.headers, body }), {
          appContext: context,
        })
      );
    },
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
