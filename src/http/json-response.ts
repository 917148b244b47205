// A JSON answer and the documented error body `{error: {code, message}}`: what every listener's
// own answers are made of (the REST facade's errors, CORS refusals, the probes).
import { Response } from '@whatwg-node/server';

/**
 * The server adapter's own Response class, not the global one: it writes a string body in one
 * write with its Content-Length, where a global Response is pumped through a ReadableStream as
 * a chunked body (measured with `npm run bench`: see bench/results).
 */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}
