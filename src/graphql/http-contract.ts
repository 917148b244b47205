// What /graphql takes at the HTTP level, checked before Yoga sees the request, so that its
// refusals carry the service's error body as every other path's do (Yoga's 415 had an empty body,
// its 405 a GraphQL-shaped one). Bodies are JSON or a GraphQL document: a form or text/plain, the
// media types a browser may send cross-site without a preflight, are refused as REST refuses them.
import { Response } from '@whatwg-node/server';
import { MethodNotAllowedError, UnsupportedMediaTypeError } from '../errors.ts';

const ALLOW = 'GET, HEAD, POST, OPTIONS';
const BODY_TYPES = ['application/json', 'application/graphql+json', 'application/graphql'];

/** Throws what a /graphql request breaks; answers an OPTIONS request that is not a CORS preflight. */
export function checkGraphQLRequest(request: Request): Response | undefined {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { allow: ALLOW } });
  if (request.method !== 'GET' && request.method !== 'POST')
    throw new MethodNotAllowedError(request.method, '/graphql', ['GET', 'POST'], { allow: ALLOW });
  if (request.method !== 'POST') return undefined;
  // Without a Content-Type, Yoga answers (as the GraphQL-over-HTTP specification allows).
  const header = request.headers.get('content-type');
  if (header === null) return undefined;
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (!BODY_TYPES.includes(type))
    throw new UnsupportedMediaTypeError('POST', type.slice(0, 100), ['application/json']);
  return undefined;
}
