// CORS by allow-list (CORS_ORIGINS), one policy for REST and /graphql (Yoga's own CORS is off:
// it reflects any Origin with credentials when no origin is configured). A listed origin gets
// its own origin back with credentials; any other origin gets no Access-Control-* header at all,
// so the browser keeps the response from the page. Preflights are answered here, before
// authentication and rate limits: they carry no credentials.
import { errorBody, jsonResponse } from './json-response.ts';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** The request headers the API reads. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-Match, X-On-Behalf-Of, X-Request-Id';
/** The response headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS =
  'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export interface Cors {
  /** The answer to a preflight request, or undefined when the request is not one. */
  preflight(request: Request): Response | undefined;
  /** Adds the CORS headers an answer to `request` gets (none for an origin not listed). */
  decorate(request: Request, response: Response): void;
}

export function createCors(origins: readonly string[]): Cors {
  const allowed = new Set(origins);
  const listed = (request: Request) => {
    const origin = request.headers.get('origin');
    return origin !== null && allowed.has(origin) ? origin : undefined;
  };
  return {
    preflight(request) {
      if (
        request.method !== 'OPTIONS' ||
        !request.headers.has('origin') ||
        !request.headers.has('access-control-request-method')
      )
        return undefined;
      const origin = listed(request);
      if (!origin) {
        const response = jsonResponse(
          errorBody(
            'forbidden',
            'This origin may not call the API from a browser (see CORS_ORIGINS).',
          ),
          403,
        );
        response.headers.set('vary', 'Origin');
        return response;
      }
      const response = new Response(null, { status: 204 });
      setAll(response.headers, {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
        vary: 'Origin',
      });
      return response;
    },
    decorate(request, response) {
      if (allowed.size === 0) return;
      // Whatever the origin, the answer depends on it: caches must keep one per origin.
      response.headers.append('vary', 'Origin');
      const origin = listed(request);
      if (!origin) return;
      setAll(response.headers, {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': EXPOSED_HEADERS,
      });
    },
  };
}

function setAll(headers: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
}
