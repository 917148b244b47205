// fetch() straight into the service's handlers, without a socket: the request is built as Node's
// fetch (undici) would send it, and the answer read as fetch would read it, so a test sees the
// same thing in process as over a listener. URLs of other origins go to the real fetch.
import type { IncomingMessage } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { App, ServerContext } from '../../src/http/fetch-handler.ts';

export type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The peer every in-process request comes from: a test client on loopback, as over a listener. */
const PEER: ServerContext = { req: { socket: { remoteAddress: '127.0.0.1' } } as IncomingMessage };

/** The headers undici adds to every request unless given (Node 22). */
const FETCH_DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

/** Statuses whose answers have no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Methods for which undici sends `content-length: 0` without a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export function inProcessFetch(handlers: Record<string, App | undefined>): Fetch {
  return async (input, init = {}) => {
    const url = String(input);
    const handler = handlers[new URL(url).origin];
    if (!handler) return fetch(input, init);
    const request = await asSent(url, init);
    return asReceived(request.method, await handler.fetch(request, PEER));
  };
}

async function asSent(url: string, init: RequestInit): Promise<Request> {
  // Built once to get the body's bytes and the content type fetch derives from it.
  const draft = new Request(url, init);
  const headers = new Headers(draft.headers);
  headers.set('host', new URL(url).host);
  for (const [name, value] of Object.entries(FETCH_DEFAULTS))
    if (!headers.has(name)) headers.set(name, value);
  const body = draft.body ? new Uint8Array(await draft.arrayBuffer()) : undefined;
  if (body) headers.set('content-length', String(body.byteLength));
  else if (BODY_METHODS.has(draft.method)) headers.set('content-length', '0');
  return new Request(url, { method: draft.method, headers, body, signal: init.signal });
}

/**
 * The answer as fetch reads it off the wire: Node's own Headers (lower-case names, sorted; Yoga
 * answers with its ponyfill's), no body for HEAD, gzip and deflate undone (the header kept).
 */
async function asReceived(method: string, response: Response): Promise<Response> {
  const headers = new Headers([...response.headers]);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!response.body || method === 'HEAD' || NULL_BODY_STATUSES.has(response.status))
    return new Response(null, init);
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return new Response(gunzipSync(body), init);
  if (encoding === 'deflate') return new Response(inflateSync(body), init);
  return new Response(body, init);
}
