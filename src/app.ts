// createApp(deps) → a fetch handler: request id, authentication, rate limit, then /graphql to
// Yoga and everything else to the REST facade. It never listens; service.ts does.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { Actor } from './auth/actor.ts';
import { ON_BEHALF_OF_HEADER } from './auth/on-behalf-of.ts';
import { LIMITS } from './config/constants.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { Context } from './graphql/context.ts';
import { createGraphQLHandler } from './graphql/yoga.ts';
import type { Logger } from './logger.ts';
import { readBody } from './rest/body.ts';
import { errorResponse } from './rest/errors.ts';
import { createRestRouter, type Surface } from './rest/router.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  schema: GraphQLSchema;
  prisma: PrismaClient;
  logger: Logger;
  services: Services;
}

/** What the Node adapter passes along: the raw request, for duplicate headers and the peer IP. */
export interface ServerContext {
  req?: IncomingMessage;
}

export interface App {
  fetch(request: Request, serverContext?: ServerContext): Promise<Response>;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Paths whose Authorization header is not ours to interpret (OAuth client authentication). */
const OWN_AUTH_PATHS = new Set(['/oauth/token']);

export function createApp(deps: AppDeps, surface: Surface = 'api'): App {
  const { trustProxy } = deps.services.config;
  /** The peer address, or the first X-Forwarded-For hop when a trusted proxy sets it. */
  const clientIp = (request: Request, serverContext: ServerContext): string => {
    const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    return forwarded || (serverContext.req?.socket.remoteAddress ?? 'unknown');
  };
  const router = createRestRouter(deps.schema, surface);
  const yoga = surface === 'api' ? createGraphQLHandler(deps.schema, { graphiql: deps.services.config.graphiql, limits: deps.services.config.graphql, logger: deps.logger }) : undefined;

  async function handle(request: Request, serverContext: ServerContext, context: Context, path: string) {
    const actor = OWN_AUTH_PATHS.has(path) ? null : await deps.services.authenticator.authenticate({
      authorization: request.headers.get('authorization'),
      onBehalfOf: headerValues(request, serverContext, ON_BEHALF_OF_HEADER),
    });
    context.actor = actor;
    const limits = await deps.services.rateLimits.consume(rateSubject(actor, context.clientIp));
    const response = yoga && path === '/graphql'
      ? await yoga.fetch(await withBoundedBody(request, actor ? LIMITS.configBodyBytes : LIMITS.anonymousGraphqlBodyBytes), { appContext: context })
      : await router.fetch(request, context);
    return withHeaders(response, limits);
  }

  return {
    async fetch(request, serverContext = {}) {
      const started = performance.now();
      const incomingId = request.headers.get('x-request-id');
      const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
      const logger = deps.logger.child({ requestId });
      const context: Context = { prisma: deps.prisma, actor: null, requestId, clientIp: clientIp(request, serverContext), userAgent: request.headers.get('user-agent'), logger, services: deps.services };
      const path = new URL(request.url).pathname;
      let response: Response;
      try {
        response = await handle(request, serverContext, context, path);
      } catch (error) {
        response = errorResponse(error, logger);
        if (!context.actor && response.status === 401) {
          // Failed authentications count against the caller's IP, which slows down key guessing.
          await deps.services.rateLimits.consume({ ip: context.clientIp }).catch(() => {});
        }
      }
      response.headers.set('x-request-id', requestId);
      logger.info({ method: request.method, path, status: response.status, ms: Math.round(performance.now() - started) }, 'request');
      return response;
    },
  };
}

function rateSubject(actor: Actor | null, ip: string) {
  if (actor) return { key: actor.apiKeyId !== undefined ? `ak:${actor.apiKeyId}` : `mc:${actor.clientId}` };
  return { ip };
}

/** Every value of a header as received, one per header line (fetch's Headers merges them). */
function headerValues(request: Request, serverContext: ServerContext, name: string): string[] {
  const raw = serverContext.req?.rawHeaders;
  if (!raw) {
    const value = request.headers.get(name);
    return value === null ? [] : [value];
  }
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) values.push(raw[i + 1]!);
  return values;
}

/**
 * GraphQL bodies get the same hard limit as REST ones (the largest: a trip configuration), and a
 * small one without credentials: a public page's query is a few KB.
 */
async function withBoundedBody(request: Request, limitBytes: number): Promise<Request> {
  if (request.method !== 'POST') return request;
  // An anonymous body past its limit is discarded up to the authenticated limit's drain, so the
  // client reads its 413 instead of a reset: discarding costs no parsing.
  const body = await readBody(request, limitBytes, LIMITS.configBodyBytes * 4);
  return new Request(request.url, { method: 'POST', headers: request.headers, body });
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
