// A transaction in SQL (src/db/sql-transaction.ts) times out as Prisma's do
// (DATABASE_TRANSACTION_TIMEOUT_MS): the caller gets the answer a Prisma transaction's time-out
// gets, nothing of it is written, and its connection is not left checked out of the pool.
// Slowness is made by test-only triggers that sleep in PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, databasePool, type PrismaClient } from '../../src/db/prisma.ts';
import { sqlTransaction, TransactionTimeoutError } from '../../src/db/sql-transaction.ts';
import { BOSS_SCHEMA } from '../../src/jobs/boss.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const TIMEOUT_MS = 1_500;
let api: TestService;
let receiver: Receiver;

beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    DATABASE_TRANSACTION_TIMEOUT_MS: String(TIMEOUT_MS),
    // Fewer connections than the creations that time out below: one kept would starve the next.
    DATABASE_POOL_SIZE: '2',
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await api?.stop();
});

const query = (sql: string, ...values: unknown[]) =>
  api.prisma.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, ...values);

/** The account's counter, and how many trips, configurations, events and fan-out jobs it has. */
const counters = async (account: AccountFixture) =>
  (
    await query(
      `SELECT trip_seq,
        (SELECT count(*)::int FROM trips WHERE account_id = $1) AS trips,
        (SELECT count(*)::int FROM trip_configurations c JOIN trips t ON t.id = c.trip_id WHERE t.account_id = $1) AS configurations,
        (SELECT count(*)::int FROM events WHERE account_id = $1) AS events,
        (SELECT count(*)::int FROM ${BOSS_SCHEMA}.job WHERE name = 'webhooks.fan-out'
           AND data->>'eventId' IN (SELECT id FROM events WHERE account_id = $1)) AS jobs
       FROM accounts WHERE id = $1`,
      account.accountId,
    )
  )[0]!;

/** Until no backend of this database runs a statement that sleeps (an abandoned one included). */
async function sleepersGone() {
  for (;;) {
    const [row] = await query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
         AND (query LIKE 'INSERT INTO events%' OR query LIKE 'UPDATE "public"."trips"%'
           OR query LIKE 'WITH subscribed%')`,
    );
    if (row!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a trip creation whose transaction runs out of time', () => {
  it('answers 503 service_unavailable as a timed-out Prisma transaction does, writes nothing and gives its connection back', async () => {
    const account = await anAccount(api.prisma);
    const subscribed = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'Back office', url: receiver.url, eventTypes: ['trip.created'] },
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: 'Quick' },
    });
    expect(trip.status, trip.text).toBe(201);
    // The event's insert sleeps past the time-out (the trip is written by then, in the same
    // transaction); a trip's update, in Prisma's transaction, sleeps past it too.
    await query(`CREATE FUNCTION sleep_past_timeout() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(${(TIMEOUT_MS * 2) / 1000}); RETURN NEW; END $$`);
    await query(`CREATE TRIGGER slow_event BEFORE INSERT ON events FOR EACH ROW
      WHEN (NEW.payload->'trip'->>'title' = 'Slow event') EXECUTE FUNCTION sleep_past_timeout()`);
    await query(`CREATE TRIGGER slow_update BEFORE UPDATE ON trips FOR EACH ROW
      WHEN (NEW.title = 'Slow update') EXECUTE FUNCTION sleep_past_timeout()`);
    try {
      const byPrisma = await api.request(`PATCH /trips/${trip.body.id}`, {
        key: account.owner.key,
        body: { title: 'Slow update' },
      });
      expect(byPrisma.status, byPrisma.text).toBe(503);
      expect(byPrisma.body.error.code).toBe('service_unavailable');
      const byGraphql = await api.graphql(
        'mutation ($id: Int!) { updateTrip(id: $id, input: { title: "Slow update" }) { id } }',
        { id: trip.body.id },
        { key: account.owner.key },
      );
      expect(byGraphql.body.errors?.[0]?.extensions?.code, byGraphql.text).toBe(
        'service_unavailable',
      );
      await sleepersGone();
      const before = await counters(account);
      // More than the pool's two connections: a connection kept by one would starve the last.
      for (let i = 0; i < 3; i++) {
        const bySql = await api.request('POST /trips', {
          key: account.owner.key,
          body: { title: 'Slow event' },
        });
        expect(bySql.status, bySql.text).toBe(byPrisma.status);
        expect(bySql.body).toEqual(byPrisma.body);
      }
      // Once PostgreSQL has ended the abandoned statements, none of their writes is left.
      await sleepersGone();
      expect(await counters(account)).toEqual(before);
      const next = await api.request('POST /trips', {
        key: account.owner.key,
        body: { title: 'After the time-outs' },
      });
      expect(next.status, next.text).toBe(201);
      expect(next.body.code).toBe(`TRIP-${Number(before.trip_seq) + 1}`);
    } finally {
      await query('DROP TRIGGER slow_event ON events');
      await query('DROP TRIGGER slow_update ON trips');
      await query('DROP FUNCTION sleep_past_timeout()');
    }
  });
});

describe('sqlTransaction past its time-out', () => {
  let client: PrismaClient;
  beforeAll(() => {
    client = createPrisma({ databaseUrl: api.databaseUrl, poolSize: 2 });
  });
  afterAll(() => client?.$disconnect());

  it('rejects at once while idle in the transaction, rolls back, releases its locks and its connection', async () => {
    const account = await anAccount(api.prisma);
    const [before] = await query('SELECT trip_seq FROM accounts WHERE id = $1', account.accountId);
    // What the transaction's function runs once its time is out, and how that ends.
    let lateEnd!: (outcome: unknown) => void;
    const late = new Promise((resolve) => {
      lateEnd = resolve;
    });
    const timedOut = sqlTransaction(
      client,
      async (tx) => {
        await tx.$queryRawUnsafe(
          'UPDATE accounts SET trip_seq = trip_seq + 100 WHERE id = $1',
          account.accountId,
        );
        // Work that is not the database's outlives the time-out; what it runs next must fail.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const statement = tx.$queryRawUnsafe('SELECT 1');
        lateEnd(
          statement.then(
            () => 'ran',
            (error: unknown) => error,
          ),
        );
        return statement;
      },
      { timeoutMs: 200 },
    );
    await expect(timedOut).rejects.toBeInstanceOf(TransactionTimeoutError);
    await expect(timedOut).rejects.toMatchObject({ code: 'P2028' });
    const pool = databasePool(client)!;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    // The row lock went with the connection: this waits for it at most 5 s, then fails.
    await api.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL lock_timeout = '5s'");
      await tx.$executeRawUnsafe(
        'UPDATE accounts SET updated_at = now() WHERE id = $1',
        account.accountId,
      );
    });
    expect(await query('SELECT trip_seq FROM accounts WHERE id = $1', account.accountId)).toEqual([
      before,
    ]);
    expect(await late).toBeInstanceOf(TransactionTimeoutError);
    // The pool hands out working connections after it.
    const ok = await sqlTransaction(client, (tx) => tx.$queryRawUnsafe('SELECT 1 AS one'));
    expect(ok?.result).toEqual([{ one: 1 }]);
  });
});
