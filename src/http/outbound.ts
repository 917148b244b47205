// The one HTTP client for customers' URLs (webhook receivers, import documents). Such URLs are
// untrusted, so the client refuses to reach the service's own network (SSRF):
// - only http(s) URLs (https only where the caller says so), no credentials, not `localhost`;
// - every address a name resolves to is checked, and the connection goes to the checked address
//   (the lookup is the connection's own), so DNS rebinding cannot swap it afterwards;
// - only global unicast addresses (address-policy.ts): an IPv6 form that embeds an IPv4 address
//   is judged by that IPv4 address;
// - redirects are not followed, answers are cut at a size, and everything has a time-out.
// `allowLoopback` (OUTBOUND_ALLOW_LOOPBACK, test-only) lets tests reach 127.0.0.1 receivers.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressAllowed } from './address-policy.ts';
import { traceSpan } from '../tracing/tracing.ts';

export interface OutboundPolicy {
  allowLoopback: boolean;
  /** Test seam: how names resolve (defaults to the system resolver). */
  lookup?: typeof dns.lookup;
}

/**
 * One answer for every host that may not be reached, whether its name does not resolve or
 * resolves to a private address: two answers would let a caller map which internal names exist.
 */
const NOT_PUBLIC = 'The URL must point at a public address.';

export class UrlRefusedError extends Error {}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** True when the body was longer than maxBytes and was cut. */
  truncated: boolean;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxBytes: number;
  httpsOnly?: boolean;
  /**
   * A connection kept for one receiver (receiverConnection), reused from one request to the next;
   * without it every request opens its own.
   */
  connection?: http.Agent;
}

/**
 * A keep-alive connection to one receiver, for a caller that sends it many requests in a row (a
 * webhook delivery lane, all for one endpoint). Never share one between receivers or customers:
 * every connection it opens is checked as any other (the guarded lookup), and it is the caller's
 * to destroy.
 */
export function receiverConnection(): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 1 });
}

/** Checks what can be checked without the network: scheme, credentials, host name, IP literals. */
export function checkUrl(
  raw: string,
  policy: Pick<OutboundPolicy, 'allowLoopback'>,
  options: { httpsOnly?: boolean } = {},
): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError('Not a valid URL.');
  }
  const schemes = options.httpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol))
    throw new UrlRefusedError(
      options.httpsOnly ? 'The URL must use https.' : 'The URL must use http or https.',
    );
  if (url.username || url.password)
    throw new UrlRefusedError('The URL must not carry credentials.');
  // `localhost.` (a trailing dot) is the same name.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if ((host === 'localhost' || host.endsWith('.localhost')) && !policy.allowLoopback)
    throw new UrlRefusedError('The URL must not point at localhost.');
  if (ipaddr.isValid(host) && !addressAllowed(host, policy)) throw new UrlRefusedError(NOT_PUBLIC);
  return url;
}

/** Resolves a name and refuses it when it does not resolve or any of its addresses is not public. */
export async function checkResolvedHost(hostname: string, policy: OutboundPolicy): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return;
  const lookup = policy.lookup ?? dns.lookup;
  const addresses = await new Promise<dns.LookupAddress[]>((resolve, reject) =>
    lookup(host, { all: true }, (error, result) =>
      error ? reject(new UrlRefusedError(NOT_PUBLIC)) : resolve(result as dns.LookupAddress[]),
    ),
  );
  if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, policy))) {
    throw new UrlRefusedError(NOT_PUBLIC);
  }
}

/** A lookup for the connection itself: resolves, then refuses unless every address is allowed. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  const lookup = policy.lookup ?? dns.lookup;
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const list = (addresses ?? []) as unknown as dns.LookupAddress[];
      const refused =
        error || list.length === 0 || list.some((a) => !addressAllowed(a.address, policy));
      if (refused) return callback(new UrlRefusedError(NOT_PUBLIC), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** One request to an untrusted URL. Rejects with UrlRefusedError, or the network error. */
export async function sendOutbound(
  rawUrl: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const url = checkUrl(rawUrl, policy, { httpsOnly: request.httpsOnly });
  const method = request.method ?? 'GET';
  // Host and scheme only: a customer's path or query may hold a secret.
  return traceSpan(
    method,
    'client',
    {
      'http.request.method': method,
      'server.address': url.hostname,
      'url.scheme': url.protocol.slice(0, -1),
    },
    () => sendOnce(url, request, policy),
  );
}

/**
 * A kept connection the receiver closed while idle fails the request that reuses it before any
 * answer (ECONNRESET, as Node's documentation describes): that request is sent again once, on a
 * connection of its own. The receiver never saw it.
 */
async function sendOnce(
  url: URL,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  try {
    return await send(url, request, policy);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return send(url, { ...request, connection: undefined }, policy);
  }
}

class StaleConnectionError extends Error {}

function send(
  url: URL,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      lookup: guardedLookup(policy),
      timeout: request.timeoutMs,
      // No pooled sockets across customers: a kept connection is one receiver's (receiverConnection).
      agent: request.connection ?? false,
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`No answer within ${request.timeoutMs} ms.`)),
      request.timeoutMs,
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${request.timeoutMs} ms.`)));
    req.on('error', (error) => {
      clearTimeout(timer);
      const stale = req.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
      reject(stale ? new StaleConnectionError(error.message) : error);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = request.maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          res.destroy(); // stop reading a body we will not keep
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      const finish = () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
      };
      res.on('end', finish);
      res.on('error', (error) => {
        if (!truncated) {
          clearTimeout(timer);
          reject(error);
        }
      });
    });
    req.end(request.body);
  });
}
