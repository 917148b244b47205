// A fixed-window rate limit whose budget lives in PostgreSQL, so that it is one budget whatever
// the number of API processes. A process does not ask PostgreSQL on every request: it leases a
// number of points from the subject's counter (rate_limit_counters) and spends them locally, so
// the hot path is a Map lookup. A lease never takes more than the budget has left, so all
// processes together never allow more than the limit. What a process holds unspent the others
// cannot use, so leases stay small: about a second of the subject's traffic on this process (its
// rate over the last one to two seconds), at most LEASE_SHARE of the limit, and at most
// 1/REMAINING_SHARE of what the window has left, so that leases shrink as the budget runs out and the last points go one at a time to
// whichever process asks (what the others hold unspent then is a few points). A limit below
// 2 / LEASE_SHARE is leased one point at a time: one statement a request, exact. A process gives
// back what it holds once the subject goes quiet. A subject whose budget is spent is refused from
// memory, asking again once a second in case another process gave points back.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.ts';

const WINDOW_SECONDS = 60;
/**
 * A lease should last about this long at the subject's rate on this process: as long as points
 * are kept for a subject that goes quiet (IDLE_RETURN_MS). Shorter, a subject sending a few
 * requests a second would lease one point at a time and wait for PostgreSQL on each request.
 */
const LEASE_TARGET_MS = 1_000;
/** A subject's rate is what it spent here over the last one to two of these. */
const RATE_BUCKET_MS = 1_000;
/** At most this share of the limit in one lease: bounds what one process holds unspent. */
const LEASE_SHARE = 1 / 40;
/** A lease takes at most 1/REMAINING_SHARE of the points the window has left (at least one). */
export const REMAINING_SHARE = 8;
/** A spent budget is asked for again at most this often. */
const EXHAUSTED_RECHECK_MS = 1_000;
/** Points held for a subject idle this long go back to the shared budget. */
const IDLE_RETURN_MS = 1_000;
/** When PostgreSQL cannot be reached, the subject is counted in memory for this long. */
const FALLBACK_MS = 1_000;
const MAX_SUBJECTS = 100_000;
const FORGET_EVERY_MS = 60_000;

export interface Lease {
  granted: number;
  /** The window's points taken by every process, this lease included. */
  taken: number;
  /** Identifies the window the points belong to (its end, on PostgreSQL's clock). */
  windowId: Date;
  msLeft: number;
}

/**
 * How many points a lease takes when `want` are asked for and the window's `taken` of `limit` are
 * gone: what rate_limit_counters' upsert grants (rate-limit-counters.ts), for stores in memory.
 */
export function grantOf(want: number, limit: number, taken: number): number {
  const left = Math.max(0, limit - taken);
  return Math.min(want, left, Math.max(1, Math.floor(left / REMAINING_SHARE)));
}

/** The shared counters: take up to `want` points of a subject's budget (`grantOf`), or give unspent ones back. */
export interface LeaseStore {
  /**
   * `ahead`: the lease is taken before the subject's points run out, so it may wait a few
   * milliseconds to share a statement with others; without it a request is waiting for it.
   */
  take(
    subject: string,
    want: number,
    limit: number,
    windowSeconds: number,
    options?: { ahead?: boolean },
  ): Promise<Lease>;
  /** Sends the leases taken ahead that are waiting to share a statement now (a request needs one). */
  hurry?(): void;
  giveBack(
    returns: ReadonlyArray<{ subject: string; windowId: Date; points: number }>,
  ): Promise<void>;
  forgetExpired(): Promise<void>;
}

interface Subject {
  /** Leased points not yet spent here, and the window they belong to. */
  left: number;
  windowId: Date | undefined;
  /** When that window ends, on this process's clock. */
  windowEnd: number;
  /** The window's points taken by every process, as of this process's last lease. */
  taken: number;
  leaseSize: number;
  /** Points spent here since bucketStart, and in the bucket before it (beforeMs long): the subject's rate. */
  spentNow: number;
  spentBefore: number;
  bucketStart: number;
  beforeMs: number;
  lastUsed: number;
  /** Until then the budget is spent: refuse without asking. */
  exhaustedUntil: number;
  /** Until then PostgreSQL could not be reached: count in memory. */
  fallbackUntil: number;
  pending: Promise<void> | undefined;
}

export class LeasedLimiter {
  readonly points: number;
  private readonly store: LeaseStore;
  private readonly logger: Logger | undefined;
  private readonly now: () => number;
  private readonly subjects = new Map<string, Subject>();
  private readonly fallback: RateLimiterMemory;
  private readonly maxLease: number;
  private forgotAt = 0;

  constructor(options: { points: number; store: LeaseStore; logger?: Logger; now?: () => number }) {
    this.points = options.points;
    this.store = options.store;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.fallback = new RateLimiterMemory({ points: options.points, duration: WINDOW_SECONDS });
    this.maxLease = Math.max(1, Math.floor(options.points * LEASE_SHARE));
  }

  /** Spends one point: resolves with what is left, or rejects with a RateLimiterRes when nothing is (rate-limiter-flexible's contract). */
  async consume(id: string): Promise<RateLimiterRes> {
    const subject = this.subjectOf(id);
    for (let now = this.now(); subject.left === 0 || now >= subject.windowEnd; now = this.now()) {
      if (now >= subject.windowEnd) this.endWindow(subject);
      if (now < subject.exhaustedUntil) throw this.result(subject, now);
      if (now < subject.fallbackUntil) {
        subject.windowEnd = 0;
        return this.fallback.consume(id);
      }
      await this.lease(id, subject);
    }
    subject.left--;
    const now = this.now();
    this.roll(subject, now);
    subject.spentNow++;
    subject.lastUsed = now;
    // Lease the next points before these run out, so that a busy subject never waits for PostgreSQL.
    if (subject.leaseSize > 1 && subject.left <= subject.leaseSize / 2 && !subject.pending)
      void this.lease(id, subject, true);
    return this.result(subject, now);
  }

  /**
   * What this process knows of a subject's window without asking PostgreSQL (rate-limiter-flexible's
   * `get`): `consumedPoints` reaches the limit once a lease has found the budget spent. A process
   * that has not met the subject yet knows nothing (null) until its first lease.
   */
  async get(id: string): Promise<RateLimiterRes | null> {
    const subject = this.subjects.get(id);
    const now = this.now();
    return subject?.windowId && now < subject.windowEnd ? this.result(subject, now) : null;
  }

  /** Spends `points` whether or not the budget has them (rate-limiter-flexible's `penalty`). */
  async penalty(id: string, points = 1): Promise<void> {
    for (let i = 0; i < points; i++) await this.consume(id).catch(() => {});
  }

  /** Gives back the points of quiet subjects and forgets ended windows; call about once a second. */
  async sweep(idleMs = IDLE_RETURN_MS): Promise<void> {
    const now = this.now();
    const returns: Array<{ subject: string; windowId: Date; points: number }> = [];
    for (const [id, subject] of this.subjects) {
      if (now >= subject.windowEnd && !subject.pending) this.subjects.delete(id);
      else if (
        subject.left > 0 &&
        subject.windowId &&
        !subject.pending &&
        now - subject.lastUsed >= idleMs
      ) {
        returns.push({ subject: id, windowId: subject.windowId, points: subject.left });
        subject.taken -= subject.left;
        subject.left = 0;
        subject.leaseSize = 1;
      }
    }
    if (returns.length) await this.store.giveBack(returns);
    if (now - this.forgotAt >= FORGET_EVERY_MS) {
      this.forgotAt = now;
      await this.store.forgetExpired();
    }
  }

  /** Gives back every point this process holds (at shutdown). */
  release(): Promise<void> {
    return this.sweep(-Infinity);
  }

  private subjectOf(id: string): Subject {
    let subject = this.subjects.get(id);
    if (!subject) {
      if (this.subjects.size >= MAX_SUBJECTS)
        this.subjects.delete(this.subjects.keys().next().value!);
      subject = {
        left: 0,
        windowId: undefined,
        windowEnd: 0,
        taken: 0,
        leaseSize: 1,
        spentNow: 0,
        spentBefore: 0,
        bucketStart: this.now(),
        beforeMs: RATE_BUCKET_MS,
        lastUsed: 0,
        exhaustedUntil: 0,
        fallbackUntil: 0,
        pending: undefined,
      };
      this.subjects.set(id, subject);
    }
    return subject;
  }

  /** Points of an ended window are worth nothing: the next lease opens the next window. */
  private endWindow(subject: Subject) {
    subject.left = 0;
    subject.taken = 0;
    subject.exhaustedUntil = 0;
    subject.windowEnd = Infinity; // until the next lease says when the new window ends
  }

  /**
   * One lease at a time per subject; concurrent requests wait for the same one. `ahead`: no
   * request waits for it yet; one that comes to wait for it has it sent at once.
   */
  private lease(id: string, subject: Subject, ahead = false): Promise<void> {
    if (subject.pending) {
      if (!ahead) this.store.hurry?.();
      return subject.pending;
    }
    subject.pending = this.takeLease(id, subject, ahead).finally(() => {
      subject.pending = undefined;
    });
    return subject.pending;
  }

  private async takeLease(id: string, subject: Subject, ahead: boolean): Promise<void> {
    // Sized to the subject's rate here over the last one to two seconds: a quiet subject leases one
    // point at a time (exact), a busier one enough for LEASE_TARGET_MS. A new subject counts as
    // quiet until it has spent a few points.
    const asked = this.now();
    this.roll(subject, asked);
    const perMs =
      (subject.spentBefore + subject.spentNow) / (subject.beforeMs + asked - subject.bucketStart);
    subject.leaseSize = Math.min(this.maxLease, Math.max(1, Math.ceil(perMs * LEASE_TARGET_MS)));
    try {
      const lease = await this.store.take(id, subject.leaseSize, this.points, WINDOW_SECONDS, {
        ahead,
      });
      const now = this.now();
      if (subject.windowId?.getTime() !== lease.windowId.getTime()) subject.left = 0; // a new window: older points are void
      subject.left += lease.granted;
      // A lease cut short by the budget's remainder: lease again when half of it is spent.
      subject.leaseSize = Math.max(1, Math.min(subject.leaseSize, lease.granted));
      subject.taken = lease.taken;
      subject.windowId = lease.windowId;
      subject.windowEnd = now + lease.msLeft;
      if (lease.granted === 0)
        subject.exhaustedUntil = Math.min(subject.windowEnd, now + EXHAUSTED_RECHECK_MS);
    } catch (error) {
      // Counting in memory for a moment beats refusing everyone, or waiting on a database that is away.
      this.logger?.warn(
        { err: error },
        'rate limit counters unavailable: counting in this process for now',
      );
      subject.fallbackUntil = this.now() + FALLBACK_MS;
    }
  }

  /** Starts a new rate bucket once the current one is RATE_BUCKET_MS old; the current becomes the one before. */
  private roll(subject: Subject, now: number) {
    const elapsed = now - subject.bucketStart;
    if (elapsed < RATE_BUCKET_MS) return;
    subject.spentBefore = subject.spentNow;
    subject.beforeMs = elapsed;
    subject.spentNow = 0;
    subject.bucketStart = now;
  }

  private result(subject: Subject, now: number): RateLimiterRes {
    const remaining = Math.max(0, this.points - subject.taken + subject.left);
    const msBeforeNext = Number.isFinite(subject.windowEnd)
      ? Math.max(0, subject.windowEnd - now)
      : WINDOW_SECONDS * 1000;
    return new RateLimiterRes(remaining, msBeforeNext, this.points - remaining);
  }
}
