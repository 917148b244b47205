// LeasedLimiter: several processes (limiters) leasing from one shared counter never allow more
// than the limit together, spend it all when they keep being asked, lease less as the budget runs
// out, ask the store seldom when a
// subject is busy, give back what a quiet subject holds, and count in memory while the store is
// away. The store here does in memory what rate_limit_counters' upsert does (rate-limit-counters.ts,
// exercised against PostgreSQL by the integration and fault tests).
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import {
  grantOf,
  LeasedLimiter,
  type Lease,
  type LeaseStore,
} from '../../src/http/leased-limiter.ts';

class MemoryStore implements LeaseStore {
  rows = new Map<string, { expiresAt: number; taken: number }>();
  takes = 0;
  down = false;
  private readonly clock: { now: number };
  constructor(clock: { now: number }) {
    this.clock = clock;
  }

  async take(subject: string, want: number, limit: number, windowSeconds: number): Promise<Lease> {
    this.takes++;
    if (this.down) throw new Error('connection refused');
    let row = this.rows.get(subject);
    if (!row || row.expiresAt <= this.clock.now)
      this.rows.set(
        subject,
        (row = { expiresAt: this.clock.now + windowSeconds * 1000, taken: 0 }),
      );
    const granted = grantOf(want, limit, row.taken);
    row.taken += granted;
    return {
      granted,
      taken: row.taken,
      windowId: new Date(row.expiresAt),
      msLeft: row.expiresAt - this.clock.now,
    };
  }

  async giveBack(returns: ReadonlyArray<{ subject: string; windowId: Date; points: number }>) {
    for (const r of returns) {
      const row = this.rows.get(r.subject);
      if (row && row.expiresAt === r.windowId.getTime())
        row.taken = Math.max(0, row.taken - r.points);
    }
  }

  async forgetExpired() {}
}

const allowed = (promise: Promise<RateLimiterRes>) =>
  promise.then(
    () => true,
    (res) => {
      expect(res).toBeInstanceOf(RateLimiterRes);
      return false;
    },
  );

function setup(points: number, processes = 2) {
  const clock = { now: 1_000_000 };
  const store = new MemoryStore(clock);
  const limiters = Array.from(
    { length: processes },
    () => new LeasedLimiter({ points, store, now: () => clock.now }),
  );
  return { clock, store, limiters };
}

describe('LeasedLimiter', () => {
  it('two processes share one budget: exactly the limit is allowed, whatever the interleaving', async () => {
    const { limiters } = setup(600);
    let ok = 0;
    for (let i = 0; i < 1_500; i++)
      if (await allowed(limiters[(i * 7919) % 3 === 0 ? 0 : 1]!.consume('k:1'))) ok++;
    expect(ok).toBe(600);
    // The same with requests in flight at once on both processes.
    const burst = setup(600);
    const results = await Promise.all(
      Array.from({ length: 1_500 }, (_, i) => allowed(burst.limiters[i % 2]!.consume('k:1'))),
    );
    expect(results.filter(Boolean)).toHaveLength(600);
  });

  it('a busy subject leases many points at a time; a small limit is leased one point at a time', async () => {
    const { store, limiters } = setup(1_000_000);
    for (let i = 0; i < 5_000; i++) await limiters[0]!.consume('k:busy');
    expect(store.takes).toBeLessThan(50);

    const small = setup(20);
    const results = [];
    for (let i = 0; i < 30; i++)
      results.push(await allowed(small.limiters[i % 2]!.consume('i:203.0.113.1')));
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(small.store.takes).toBeGreaterThanOrEqual(20);
  });

  it('a subject sending a few requests a second leases about a second of them at a time, not one point a request', async () => {
    const { clock, store, limiters } = setup(1_000_000);
    let requests = 0;
    // About 3.3 requests a second on each process for a minute.
    for (let t = 0; t < 60_000; t += 150, requests++) {
      clock.now += 150;
      expect(await allowed(limiters[requests % 2]!.consume('k:steady'))).toBe(true);
    }
    expect(store.takes / requests).toBeLessThan(0.4);
  });

  it('leases shrink as the budget runs out: what a busy process holds when it stops is a few points, not a lease', async () => {
    const { store, limiters } = setup(6_000); // leases of up to 150 points
    for (let i = 0; i < 5_900; i++) await limiters[0]!.consume('k:1');
    const held = store.rows.get('k:1')!.taken - 5_900;
    expect(held).toBeLessThanOrEqual(20);
    // Process 1 gets the rest but for what process 0 holds; process 0 then spends that.
    let ok = 0;
    while (await allowed(limiters[1]!.consume('k:1'))) ok++;
    expect(ok).toBe(100 - held);
    while (await allowed(limiters[0]!.consume('k:1'))) ok++;
    expect(ok).toBe(100);
  });

  it('a spent budget is refused from memory, with the time left in the window, and comes back with the next window', async () => {
    const { clock, store, limiters } = setup(10);
    for (let i = 0; i < 10; i++) await limiters[0]!.consume('k:1');
    const takes = store.takes;
    clock.now += 10_000;
    const refusals = await Promise.all(
      Array.from({ length: 50 }, () =>
        limiters[0]!.consume('k:1').catch((res: RateLimiterRes) => res),
      ),
    );
    expect(store.takes - takes).toBe(1); // one lease said "nothing left"; the other 49 were refused from memory
    expect(refusals.every((r) => r.remainingPoints === 0 && r.msBeforeNext === 50_000)).toBe(true);
    clock.now += 50_000;
    expect(await allowed(limiters[0]!.consume('k:1'))).toBe(true);
  });

  it('points a quiet process holds go back to the budget, where the other process can spend them', async () => {
    const { clock, limiters } = setup(400); // leases of up to 10 points
    for (let i = 0; i < 200; i++) await limiters[0]!.consume('k:1');
    let ok = 0;
    while (await allowed(limiters[1]!.consume('k:1'))) ok++;
    expect(ok).toBeLessThan(200); // process 0 still holds part of a lease
    clock.now += 2_000;
    await limiters[0]!.sweep();
    clock.now += 1_000; // past the recheck of the spent budget
    while (await allowed(limiters[1]!.consume('k:1'))) ok++;
    expect(ok).toBe(200);
  });

  it('while the store is away, each process counts in memory instead of failing', async () => {
    const { store, limiters } = setup(5);
    store.down = true;
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await allowed(limiters[0]!.consume('k:1')));
    expect(results).toEqual([true, true, true, true, true, false, false]);
  });
});
