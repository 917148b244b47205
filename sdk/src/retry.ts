// The fetch the SDK's client sends every request through: an `Idempotency-Key` on each POST and
// PATCH (one per call, the same on each of its retries, so that the service runs the change once
// however often the request is sent), and retries with exponential backoff and jitter on network
// errors, 429 and 503, and 409 `idempotency_key_in_use` (the first request with the key still
// runs), honouring `Retry-After`, for a bounded number of attempts.

export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1: no retries). */
  maxAttempts?: number;
  /** The first backoff's upper bound, doubled at each retry (default 250 ms). */
  baseDelayMs?: number;
  /** The largest backoff without a Retry-After (default 8 s). */
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the answer is returned as it is (default 60 s). */
  maxRetryAfterMs?: number;
}

/** Methods that change something: each call gets its own idempotency key. */
const MUTATIONS = new Set(['POST', 'PATCH']);
const IDEMPOTENCY_KEY = 'idempotency-key';

export type Fetch = (input: Request) => Promise<Response>;

export function retryingFetch(send: Fetch, options: RetryOptions = {}): Fetch {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;

  return async (request) => {
    const headers = new Headers(request.headers);
    if (MUTATIONS.has(request.method) && !headers.has(IDEMPOTENCY_KEY))
      headers.set(IDEMPOTENCY_KEY, crypto.randomUUID());
    // Read once, sent as many times as needed.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const signal = request.signal;
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await send(
          new Request(request.url, {
            method: request.method,
            headers,
            body,
            signal,
            redirect: request.redirect,
          }),
        );
      } catch (error) {
        if (signal.aborted || attempt >= maxAttempts) throw error;
        await sleep(backoff(attempt, baseDelayMs, maxDelayMs), signal);
        continue;
      }
      if (attempt >= maxAttempts || !(await isRetryable(response))) return response;
      const retryAfter = retryAfterMs(response.headers.get('retry-after'));
      if (retryAfter !== undefined && retryAfter > maxRetryAfterMs) return response;
      await response.body?.cancel();
      // Never sooner than the service asked; a little later than it, so that callers told the same
      // time do not all come back at once.
      const delay =
        retryAfter === undefined
          ? backoff(attempt, baseDelayMs, maxDelayMs)
          : retryAfter + Math.random() * Math.min(1_000, baseDelayMs);
      await sleep(delay, signal);
    }
  };
}

async function isRetryable(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status === 503) return true;
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === 'idempotency_key_in_use';
}

/** "Full jitter": a random delay up to base × 2^(attempt − 1), at most `max`. */
export function backoff(attempt: number, base: number, max: number): number {
  return Math.random() * Math.min(max, base * 2 ** (attempt - 1));
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
