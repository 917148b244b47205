// Rate limits (docs/decisions.md#errors-and-limits): per API key or machine client, and per IP
// for anonymous calls (public endpoints). Fixed one-minute windows. With a lease store (the
// service) each budget is kept in PostgreSQL and shared by every API process (leased-limiter.ts);
// without one (the mock server) it is counted in memory. Failed authentications spend a budget of
// their own per IP: once it is spent, every request with credentials from that IP is refused
// before its key is looked up, so guessing keys costs the database nothing, while anonymous
// readers behind the same address keep their own budget. That budget is shared across processes
// too, so a guesser spreading requests over N processes gets one budget, not N: a process that has
// seen the budget spent refuses from memory, and one that has not learns it from its first
// failure's lease.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { LeasedLimiter, type LeaseStore } from './leased-limiter.ts';

/** rate-limiter-flexible's contract: resolves with what is left, rejects with a RateLimiterRes when nothing is. */
interface Limiter {
  readonly points: number;
  consume(id: string): Promise<RateLimiterRes>;
  get(id: string): Promise<RateLimiterRes | null>;
  penalty(id: string, points?: number): Promise<unknown>;
}

const SWEEP_MS = 1_000;

export class RateLimitedError extends AppError {
  readonly status = 429;
  readonly code = 'rate_limited';
  readonly headers: Record<string, string>;
  constructor(headers: Record<string, string>) {
    super('Too many requests. Retry after the time given in Retry-After.');
    this.headers = headers;
  }
}

export class RateLimits {
  private readonly perKey: Limiter;
  private readonly perIp: Limiter;
  private readonly authFailures: Limiter;
  private readonly leased: LeasedLimiter[] = [];
  private sweeper: NodeJS.Timeout | undefined;

  constructor(options: {
    perKeyPerMinute: number;
    perIpPerMinute: number;
    store?: LeaseStore;
    logger?: Logger;
  }) {
    const limiter = (points: number): Limiter => {
      if (!options.store) return new RateLimiterMemory({ points, duration: 60 });
      const leased = new LeasedLimiter({ points, store: options.store, logger: options.logger });
      this.leased.push(leased);
      return leased;
    };
    this.perKey = limiter(options.perKeyPerMinute);
    this.perIp = limiter(options.perIpPerMinute);
    // Shared across processes like the others: a guesser spreading over N processes gets one budget.
    this.authFailures = limiter(options.perIpPerMinute);
    if (this.leased.length) {
      this.sweeper = setInterval(() => {
        void this.sweep(options.logger);
      }, SWEEP_MS);
      this.sweeper.unref();
    }
  }

  /** Stops the sweeps and gives back the points this process holds, for the other processes. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all(this.leased.map((l) => l.release())).catch(() => {});
  }

  private async sweep(logger: Logger | undefined) {
    try {
      for (const leased of this.leased) await leased.sweep();
    } catch (error) {
      logger?.warn({ err: error }, 'rate limit sweep failed');
    }
  }

  /** Before any credential is checked: 429 (RateLimitedError) once the IP's failures spent its budget. */
  async assertMayAuthenticate(ip: string): Promise<void> {
    const spent = await this.authFailures.get(`f:${ip}`);
    if (spent && spent.consumedPoints >= this.authFailures.points)
      throw refusal(this.authFailures.points, spent);
  }

  /** A failed authentication (bad key, token or client credentials) spends one of the IP's budget. */
  async recordAuthFailure(ip: string): Promise<void> {
    await this.authFailures.penalty(`f:${ip}`, 1);
  }

  /** Counts one request; returns the RateLimit headers, or throws RateLimitedError (429). */
  async consume(subject: { key: string } | { ip: string }): Promise<Record<string, string>> {
    const [limiter, id] =
      'key' in subject ? [this.perKey, `k:${subject.key}`] : [this.perIp, `i:${subject.ip}`];
    try {
      return headersOf(limiter.points, await limiter.consume(id));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw refusal(limiter.points, rejection);
    }
  }
}

/** The 429 of a spent budget, with its RateLimit headers and Retry-After. */
function refusal(limit: number, res: RateLimiterRes): RateLimitedError {
  const headers = headersOf(limit, res);
  return new RateLimitedError({ ...headers, 'retry-after': headers['ratelimit-reset']! });
}

function headersOf(limit: number, res: RateLimiterRes): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, res.remainingPoints)),
    'ratelimit-reset': String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
  };
}
