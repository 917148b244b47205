// HEAD answers wherever GET does, as GET would (RFC 9110 §9.3.2): monitors probe with it. The
// request is routed as a GET, and the answer keeps its status and headers, Content-Length
// included, without the body.
import { Response } from '@whatwg-node/server';

/** The GET a HEAD request stands for; any other request as it is. */
export function routedAs(request: Request): Request {
  if (request.method !== 'HEAD') return request;
  return new Request(request.url, { method: 'GET', headers: request.headers });
}

/** The GET answer without its body: what a HEAD request gets. */
export async function headAnswer(response: Response): Promise<Response> {
  // Read, not cancelled: its length is the Content-Length a GET would have announced.
  const body = response.body ? await response.arrayBuffer() : undefined;
  const headers = new Headers(response.headers);
  if (body && !headers.has('content-length'))
    headers.set('content-length', String(body.byteLength));
  return new Response(null, { status: response.status, headers });
}
