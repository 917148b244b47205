// PgLeaseStore against PostgreSQL (rate_limit_counters): leases asked for at about the same time
// share one statement, and each still gets what it would get alone (`grantOf` against the points
// taken before it); a subject asked for twice at once is taken twice, one after the other; two
// processes' statements over the same subjects, in any order, never wait for each other in turn
// and never grant more than the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantOf, type Lease } from '../../src/http/leased-limiter.ts';
import { PgLeaseStore } from '../../src/http/rate-limit-counters.ts';
import { createTestDatabase } from '../helpers/database.ts';

let stores: PgLeaseStore[];
beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  stores = [new PgLeaseStore(databaseUrl), new PgLeaseStore(databaseUrl)];
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.end()));
});

describe('PgLeaseStore', () => {
  it('leases of many subjects at once: each grant as if taken alone', async () => {
    const [store] = stores;
    const subjects = Array.from({ length: 60 }, (_, i) => `k:batch-${i}`);
    // Half taken ahead (they wait to share a statement), half by waiting requests.
    const first = await Promise.all(
      subjects.map((s, i) => store!.take(s, 30, 100, 60, { ahead: i % 2 === 0 })),
    );
    for (const lease of first)
      expect(lease).toMatchObject({ granted: grantOf(30, 100, 0), taken: 12 });
    const second = await Promise.all(subjects.map((s) => store!.take(s, 30, 100, 60)));
    for (const lease of second)
      expect(lease).toMatchObject({
        granted: grantOf(30, 100, 12),
        taken: 12 + grantOf(30, 100, 12),
      });
    expect(new Set(second.map((l) => l.windowId.getTime())).size).toBeLessThanOrEqual(2);
    for (const lease of second) {
      expect(lease.msLeft).toBeGreaterThan(50_000);
      expect(lease.msLeft).toBeLessThanOrEqual(60_000);
    }
  });

  it('one subject asked for many times at once: taken one after the other, exactly the limit in all', async () => {
    const [store] = stores;
    const leases = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        store!.take('k:crowd', 10, 100, 60, { ahead: i % 3 === 0 }),
      ),
    );
    const granted = leases.map((l) => l.granted);
    expect(granted.reduce((a, b) => a + b, 0)).toBe(100);
    // In the order PostgreSQL took them, each grant is grantOf against what was taken before it.
    const inOrder = [...leases].sort((a, b) => a.taken - b.taken || a.granted - b.granted);
    let taken = 0;
    for (const lease of inOrder.filter((l) => l.granted > 0)) {
      expect(lease.granted).toBe(grantOf(10, 100, taken));
      taken += lease.granted;
      expect(lease.taken).toBe(taken);
    }
  });

  it('two processes over the same subjects in opposite orders: no deadlock, never more than the limit', async () => {
    const subjects = Array.from({ length: 300 }, (_, i) => `k:shared-${i}`);
    const taken = new Map<string, number>();
    const asks: Array<Promise<Lease & { subject: string }>> = [];
    for (let round = 0; round < 25; round++)
      for (const [p, store] of stores.entries()) {
        const order = p === 0 ? subjects : [...subjects].reverse();
        for (const subject of order)
          asks.push(
            store
              .take(subject, 7, 200, 60, { ahead: round % 2 === 0 })
              .then((l) => ({ ...l, subject })),
          );
      }
    for (const lease of await Promise.all(asks))
      taken.set(lease.subject, (taken.get(lease.subject) ?? 0) + lease.granted);
    // 50 leases of up to 7 points each against a limit of 200: leases shrink as it runs out, and
    // the last points go one at a time; each subject gets exactly its limit.
    for (const subject of subjects) expect(taken.get(subject), subject).toBe(200);
  });
});
