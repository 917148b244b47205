// Idempotency keys on the mock server, by the service's rules (idempotency/idempotency.rules.ts;
// docs/errors-and-limits.md#idempotency-keys), kept in memory: the same key and request replays the answer with
// Idempotent-Replayed, another request is a 422, one arriving while the first runs a 409. Keys
// belong to the API key that sent them. The store is memory, so a change and its answer cannot
// part: there is no transaction to share.
import { DURATIONS, LIMITS } from '../../config/constants.ts';
import { IdempotencyKeyInUseError, IdempotencyKeyMismatchError } from '../../errors.ts';
import {
  type Answer,
  answerOf,
  fingerprintOf,
  IDEMPOTENCY_KEY_HEADER,
  replayOf,
  responseOf,
  restFate,
  validKey,
} from '../../idempotency/idempotency.rules.ts';
import { readBody } from '../../rest/body.ts';

interface Entry {
  fingerprint: string;
  expiresAt: number;
  /** Undefined while the first request runs. */
  answer?: Answer;
}

/** Past this many keys, the expired ones are swept before another is added. */
const SWEEP_AT = 10_000;

export class MockIdempotency {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** `apiKey`: the caller; `dispatch` answers the request. */
  async run(
    request: Request,
    apiKey: string,
    dispatch: (request: Request) => Promise<Response>,
  ): Promise<Response> {
    const key = validKey([request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '']);
    const body = await readBody(request, LIMITS.configBodyBytes);
    const url = new URL(request.url);
    const fingerprint = fingerprintOf(request.method, url.pathname + url.search, body);
    const id = `${apiKey} ${key}`;
    const now = this.#now();
    const stored = this.#entries.get(id);
    if (stored && stored.expiresAt > now) {
      if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyMismatchError();
      if (!stored.answer)
        throw new IdempotencyKeyInUseError(DURATIONS.idempotencyRetryAfterSeconds);
      return responseOf(replayOf(stored.answer));
    }
    if (this.#entries.size >= SWEEP_AT) this.#sweep(now);
    const entry: Entry = { fingerprint, expiresAt: now + DURATIONS.idempotencyKeyTtlMs };
    this.#entries.set(id, entry);
    try {
      const again = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        ...(body.byteLength ? { body } : {}),
      });
      const answer = await answerOf(await dispatch(again));
      if (restFate(answer.status) === 'store') entry.answer = answer;
      else this.#entries.delete(id);
      return responseOf(answer);
    } catch (error) {
      this.#entries.delete(id);
      throw error;
    }
  }

  #sweep(now: number) {
    for (const [id, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(id);
  }
}
