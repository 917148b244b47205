// What /graphql takes at the HTTP level, checked before Yoga sees the request, so that its
// refusals carry the service's error body as every other path's do (Yoga's 415 had an empty body,
// its 405 a GraphQL-shaped one). Bodies are JSON or a GraphQL document: a form or text/plain, the
// media types a browser may send cross-site without a preflight, are refused as REST refuses them.
import { Response } from '@whatwg-node/server';
import { MethodNotAllowedError } from '../errors.ts';
import { checkMediaType } from '../rest/contract.ts';

const ALLOW = 'GET, HEAD, POST, OPTIONS';
const BODY_TYPES = ['application/json', 'application/graphql+json', 'application/graphql'];

/** Throws what a /graphql request breaks; answers an OPTIONS request that is not a CORS preflight. */
export function checkGraphQLRequest(request: Request): Response | undefined {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { allow: ALLOW } });
  if (request.method !== 'GET' && request.method !== 'POST')
    throw new MethodNotAllowedError(request.method, '/graphql', ['GET', 'POST'], { allow: ALLOW });
  // Without a Content-Type, Yoga answers (as the GraphQL-over-HTTP specification allows).
  if (request.method === 'POST') checkMediaType(request, BODY_TYPES, ['application/json']);
  return undefined;
}
