// The request id every answer carries in X-Request-Id: the caller's own when it is a sane token,
// otherwise a new UUID. The app and the probes in front of it name requests the same way.
import { randomUUID } from 'node:crypto';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
