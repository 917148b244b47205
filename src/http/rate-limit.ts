// Rate limits (decisions "Health, errors and limits"): per API key or machine client, and per IP
// for anonymous calls. Failed authentications spend a budget of their own per IP: once it is spent,
// every request with credentials from that IP is refused before its key is looked up, so
// guessing keys costs the database nothing, while anonymous readers behind the same address keep
// their own budget. Fixed one-minute windows,
// in memory: each API process counts its own callers, so behind a load balancer the effective
// limit is the configured one times the number of processes (see README, production).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

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
  private readonly perKey: RateLimiterMemory;
  private readonly perIp: RateLimiterMemory;
  private readonly authFailures: RateLimiterMemory;

  constructor(options: { perKeyPerMinute: number; perIpPerMinute: number }) {
    this.perKey = new RateLimiterMemory({ points: options.perKeyPerMinute, duration: 60 });
    this.perIp = new RateLimiterMemory({ points: options.perIpPerMinute, duration: 60 });
    this.authFailures = new RateLimiterMemory({ points: options.perIpPerMinute, duration: 60 });
  }

  /** Before any credential is checked: 429 (RateLimitedError) once the IP's failures spent its budget. */
  async assertMayAuthenticate(ip: string): Promise<void> {
    const spent = await this.authFailures.get(`f:${ip}`);
    if (spent && spent.consumedPoints >= this.authFailures.points) {
      const headers = headersOf(this.authFailures.points, spent);
      throw new RateLimitedError({ ...headers, 'retry-after': headers['ratelimit-reset']! });
    }
  }

  /** A failed authentication (bad key, token or client credentials) spends one of the IP's budget. */
  async recordAuthFailure(ip: string): Promise<void> {
    await this.authFailures.penalty(`f:${ip}`, 1);
  }

  /** Counts one request; returns the RateLimit headers, or throws RateLimitedError (429). */
  async consume(subject: { key: string } | { ip: string }): Promise<Record<string, string>> {
    const [limiter, id] = 'key' in subject ? [this.perKey, `k:${subject.key}`] : [this.perIp, `i:${subject.ip}`];
    try {
      return headersOf(limiter.points, await limiter.consume(id));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const headers = headersOf(limiter.points, rejection);
      throw new RateLimitedError({ ...headers, 'retry-after': headers['ratelimit-reset']! });
    }
  }
}

function headersOf(limit: number, res: RateLimiterRes): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, res.remainingPoints)),
    'ratelimit-reset': String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
  };
}
