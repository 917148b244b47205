// The benchmark's data, written with SQL (generate_series) because 100,000 or 1,000,000 trips
// through the API would take longer than the benchmark itself: one account with its agents,
// trips (each with a configuration) and catalogs, beside a few smaller accounts.
import pg from 'pg';
import { createAccount, createAgent } from '../src/accounts/admin.service.ts';
import type { PrismaClient } from '../src/db/prisma.ts';
import { defaultConfiguration } from '../src/trips/configuration.defaults.ts';
import { configurationWithBlocks } from './documents.ts';

export interface SeededAccount {
  accountId: number;
  ownerAgentId: number;
  key: string;
  /** Lowest and highest trip id of the account: by-id reads pick ids in between. */
  firstTripId: number;
  lastTripId: number;
  trips: number;
}

const AGENTS = 10;
const CATALOGS = 50;
const TRIPS_PER_CATALOG = 20;
const OTHER_ACCOUNTS = 10;
const TRIPS_PER_OTHER_ACCOUNT = 2_000;
/** Rows a single INSERT writes: keeps each statement's memory and WAL bounded at 1,000,000 trips. */
const BATCH = 100_000;

export async function seed(
  prisma: PrismaClient,
  databaseUrl: string,
  trips: number,
): Promise<SeededAccount> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const owner = await createAccount(prisma, {
      name: 'Bench Travel',
      plan: 'enterprise',
      ownerEmail: `bench-${Date.now()}@bench.invalid`,
    });
    const agentIds = [owner.agentId];
    for (let i = 1; i < AGENTS; i++) {
      const { agentId } = await createAgent(prisma, {
        accountId: owner.accountId,
        email: `agent-${i}-${Date.now()}@bench.invalid`,
        role: 'agent',
        pictureUrl: `https://img.example.com/agents/${i}.jpg`,
      });
      agentIds.push(agentId);
    }
    const range = await insertTrips(db, owner.accountId, agentIds, trips);
    await insertCatalogs(db, owner.accountId, owner.agentId, range.first);
    for (let i = 0; i < OTHER_ACCOUNTS; i++) {
      const other = await createAccount(prisma, {
        name: `Other agency ${i}`,
        plan: 'pro',
        ownerEmail: `other-${i}-${Date.now()}@bench.invalid`,
      });
      await insertTrips(db, other.accountId, [other.agentId], TRIPS_PER_OTHER_ACCOUNT);
    }
    await db.query('VACUUM ANALYZE');
    return {
      accountId: owner.accountId,
      ownerAgentId: owner.agentId,
      key: owner.apiKey,
      firstTripId: range.first,
      lastTripId: range.last,
      trips,
    };
  } finally {
    await db.end();
  }
}

/**
 * An enterprise account of its own for the background work (webhook deliveries, AI imports), so
 * its endpoint and its imported trips leave the measured account alone: `trips` live trips to
 * delete, one trip.deleted each.
 */
/** Background accounts seeded by this process: two in one millisecond still get distinct owners. */
let backgroundAccounts = 0;

export async function seedBackgroundAccount(
  prisma: PrismaClient,
  databaseUrl: string,
  trips: number,
) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const owner = await createAccount(prisma, {
      name: 'Bench Background',
      plan: 'enterprise',
      ownerEmail: `background-${Date.now()}-${++backgroundAccounts}@bench.invalid`,
    });
    await insertTrips(db, owner.accountId, [owner.agentId], trips);
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM trips WHERE account_id = $1 AND deleted_at IS NULL ORDER BY id',
      [owner.accountId],
    );
    return { accountId: owner.accountId, key: owner.apiKey, tripIds: rows.map((r) => r.id) };
  } finally {
    await db.end();
  }
}

/** Trips like real ones (varied titles, dates, countries; a few private, 1 in 50 in the trash), each with a configuration. */
async function insertTrips(db: pg.Client, accountId: number, agentIds: number[], count: number) {
  const small = JSON.stringify(defaultConfiguration());
  const withBlocks = JSON.stringify(configurationWithBlocks(12));
  let first = 0;
  let last = 0;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const { rows } = await db.query<{ first: number; last: number }>(
      `WITH inserted AS (
         INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, seo_description, duration, date_start, date_finish,
                            countries, visibility, visualizations, created_at, updated_at, deleted_at)
         SELECT $1::int, ($2::int[])[1 + i % array_length($2::int[], 1)],
                (ARRAY['Paris','Lisbon','Kyoto','Lima','Cairo','Oslo','Quito','Hanoi'])[1 + i % 8] || ' escape ' || i,
                'bench-' || $1::int || '-' || i, 'TRIP-' || i, 'B' || $1::int || 'X' || i,
                CASE WHEN i % 3 = 0 THEN 'A journey number ' || i END,
                CASE WHEN i % 5 <> 0 THEN 1 + i % 21 END,
                timestamptz '2026-01-01' + (i % 700) * interval '1 day',
                timestamptz '2026-01-01' + (i % 700 + 1 + i % 21) * interval '1 day',
                ARRAY[(ARRAY['FRA','PRT','JPN','PER','EGY','NOR','ECU','VNM'])[1 + i % 8]],
                (CASE WHEN i % 10 = 0 THEN 'private' ELSE 'public' END)::"TripVisibility",
                i % 1000,
                timestamptz '2024-01-01' + i * interval '20 seconds',
                timestamptz '2024-01-01' + i * interval '20 seconds',
                CASE WHEN i % 50 = 0 THEN now() END
         FROM generate_series($3::int, $4::int) AS i
         RETURNING id
       ), configured AS (
         INSERT INTO trip_configurations (trip_id, document, updated_at)
         SELECT id, CASE WHEN id % 4 = 0 THEN $6::jsonb ELSE $5::jsonb END, now() FROM inserted
       )
       SELECT min(id) AS first, max(id) AS last FROM inserted`,
      [accountId, agentIds, from, to, small, withBlocks],
    );
    first ||= rows[0]!.first;
    last = rows[0]!.last;
  }
  // New trips continue the TRIP-<n> codes where the seeded ones stop (codes are unique per account).
  await db.query('UPDATE accounts SET trip_seq = $2 WHERE id = $1', [accountId, count]);
  return { first, last };
}

async function insertCatalogs(
  db: pg.Client,
  accountId: number,
  agentId: number,
  firstTripId: number,
) {
  await db.query(
    `WITH catalogs AS (
       INSERT INTO catalogs (account_id, agent_id, slug, title, is_public, created_at, updated_at)
       SELECT $1::int, $2::int, 'bench-catalog-' || $1::int || '-' || c, 'Catalog ' || c, c % 5 = 0, now(), now()
       FROM generate_series(1, $3::int) AS c
       RETURNING id
     )
     INSERT INTO catalog_trips (catalog_id, trip_id, position, added_by_account_id)
     SELECT catalogs.id, $4::int + (catalogs.id * 37 + p * 101) % 5000, p, $1::int
     FROM catalogs, generate_series(1, $5::int) AS p
     ON CONFLICT DO NOTHING`,
    [accountId, agentId, CATALOGS, firstTripId, TRIPS_PER_CATALOG],
  );
}
