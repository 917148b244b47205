// The rules of idempotency keys that hold wherever a key is honoured
// (docs/errors-and-limits.md#idempotency-keys): in the service (idempotency.ts, with PostgreSQL) and in the mock server (in memory).
import { createHash } from 'node:crypto';
import { Response } from '@whatwg-node/server';
import { IDEMPOTENCY_MESSAGES, InvalidIdempotencyKeyError } from '../errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** 1 to 255 visible ASCII characters (no space, no control character). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** Whether a request asks for its key to be honoured: a look at its method and one header. */
export function wantsIdempotency(request: Request): boolean {
  return (
    (request.method === 'POST' || request.method === 'PATCH') &&
    request.headers.has(IDEMPOTENCY_KEY_HEADER)
  );
}

export interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
}

/** The request a key was first used for: its method, path with query string, and body bytes. */
export function fingerprintOf(method: string, pathAndQuery: string, body: Uint8Array): string {
  return createHash('sha256')
    .update(`${method} ${pathAndQuery}\n`)
    .update(body)
    .digest('base64url');
}

/** The key of the header's lines as received, or a 400 invalid_idempotency_key. */
export function validKey(values: readonly string[]): string {
  if (values.length > 1) throw new InvalidIdempotencyKeyError(IDEMPOTENCY_MESSAGES.twice);
  const key = values[0]?.trim() ?? '';
  if (!KEY.test(key)) throw new InvalidIdempotencyKeyError();
  return key;
}

export type Fate = 'store' | 'refused' | 'retry';

/**
 * Which REST answers are kept. A 5xx is not: the request is rolled back and may be sent again with
 * the same key. Nor are the refusals of the request itself (400, 401, 403, 405, 413, 415, 429):
 * nothing ran or changed, and the caller may correct it and send it with the same key. Every
 * other answer (2xx, and the 404, 409 or 412 the operation decided) is kept and replayed.
 */
export function restFate(status: number): Fate {
  if (status >= 500) return 'retry';
  return REFUSALS.has(status) ? 'refused' : 'store';
}
const REFUSALS = new Set([400, 401, 403, 405, 413, 415, 429]);

/** A response read whole, to store and to send. */
export async function answerOf(response: Response): Promise<Answer> {
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers.push([name, value]);
  });
  return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
}

export function responseOf(answer: Answer): Response {
  return new Response(Buffer.from(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });
}

export function replayOf(answer: Answer): Answer {
  return { ...answer, headers: [...answer.headers, [REPLAYED_HEADER, 'true']] };
}
