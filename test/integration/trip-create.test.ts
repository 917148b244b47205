// A trip's creation by its paths (issue 16), all running the one statement of trip-create.sql.ts:
// on the pool alone when no endpoint wants trip.created, else with the event and its job in a
// transaction on one pooled connection; in a caller's Prisma transaction (an AI import's stage).
// A selection beyond the columns reads the created trip by id. All must write the same rows and
// the same event, give gap-free codes under concurrency, and write nothing at all when anything
// fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/auth/actor.ts';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { BOSS_SCHEMA } from '../../src/jobs/boss.ts';
import { createTripInput } from '../../src/trips/trip.input.ts';
import { createTripIn } from '../../src/trips/trip.service.ts';
import { parseOrThrow } from '../../src/validation.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let receiver: Receiver;
/** A client of the service's database whose statements join `statements`, for the import's path. */
let prisma: PrismaClient;
/** Every statement the service ran, in order (the onDatabaseQuery hook). */
const statements: string[] = [];
/** Those that may write (not the reads of authentication), trimmed. */
const written = () => statements.map((sql) => sql.trim()).filter((sql) => !/^SELECT/i.test(sql));

beforeAll(async () => {
  api = await startTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000' },
    { onDatabaseQuery: (query) => statements.push(query.sql) },
  );
  receiver = await startReceiver();
  prisma = createPrisma({
    databaseUrl: api.databaseUrl,
    poolSize: 4,
    onQuery: (query) => statements.push(query.sql),
  });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await receiver?.close();
  await api?.stop();
});

const BODY = {
  title: '  Lisbon & Porto: Wine Week ',
  seoDescription: 'Seven days of port.',
  duration: 7,
  dateStart: '2026-09-01T08:30:00+02:00',
  dateFinish: '2026-09-08',
  dateExpiration: '2026-08-15T23:59:59.999Z',
  logo: 'https://cdn.example.com/logo.png',
  countries: ['prt', 'ESP', 'PRT'],
  imageUrl: 'https://cdn.example.com/porto.jpg',
  template: true,
  visibility: 'private',
};

const rest = (account: AccountFixture, body: Record<string, unknown>) =>
  api.request('POST /trips', { key: account.owner.key, body });

/** The creation an AI import makes: createTripIn in a Prisma transaction, with a select. */
const viaPrisma = (account: AccountFixture, body: Record<string, unknown>) => {
  const actor: Actor = {
    agentId: account.owner.agentId,
    accountId: account.accountId,
    organisationId: account.organisationId,
    plan: 'enterprise',
    role: 'owner',
    via: 'apiKey',
  };
  const { events, config } = api.running.services;
  return prisma.$transaction((tx) =>
    createTripIn(tx, { actor, events, now: config.clock() }, parseOrThrow(createTripInput, body), {
      select: { id: true },
    }),
  );
};

const subscribe = async (account: AccountFixture) => {
  const res = await api.request('POST /webhooks/endpoints', {
    key: account.owner.key,
    body: { name: 'Back office', url: receiver.url, eventTypes: ['trip.created'] },
  });
  expect(res.status, res.text).toBe(201);
};

type Row = Record<string, unknown>;
const query = (sql: string, ...values: unknown[]) =>
  api.prisma.$queryRawUnsafe<Row[]>(sql, ...values);
const tripRow = async (id: number) => (await query('SELECT * FROM trips WHERE id = $1', id))[0]!;
const configurationRow = async (id: number) =>
  (await query('SELECT document, revision FROM trip_configurations WHERE trip_id = $1', id))[0];
const eventsOf = (id: number) =>
  query(
    `SELECT account_id, type, resource_type, resource_id, payload FROM events
     WHERE resource_type = 'trip' AND resource_id = $1`,
    id,
  );
interface Counters {
  tripSeq: number;
  liveTripCount: number;
  trips: number;
  configurations: number;
  events: number;
  jobs: number;
}
/** The account's counter and live count, and how many trips, configurations, events and fan-out jobs it has. */
const counters = async (account: AccountFixture) =>
  (
    await api.prisma.$queryRawUnsafe<Counters[]>(
      `SELECT trip_seq AS "tripSeq", live_trip_count AS "liveTripCount",
        (SELECT count(*)::int FROM trips WHERE account_id = $1) AS trips,
        (SELECT count(*)::int FROM trip_configurations c JOIN trips t ON t.id = c.trip_id WHERE t.account_id = $1) AS configurations,
        (SELECT count(*)::int FROM events WHERE account_id = $1) AS events,
        (SELECT count(*)::int FROM ${BOSS_SCHEMA}.job WHERE name = 'webhooks.fan-out'
           AND data->>'eventId' IN (SELECT id FROM events WHERE account_id = $1)) AS jobs
       FROM accounts WHERE id = $1`,
      account.accountId,
    )
  )[0]!;

/** A trip row without what is drawn or stamped per creation, and its generated fields checked. */
function comparable(row: Row) {
  const { id, slug, code, join_code, created_at, updated_at, ...rest } = row;
  expect(slug).toMatch(/^lisbon-porto-wine-week-[a-z0-9]{6}$/);
  expect(code).toMatch(/^TRIP-\d+$/);
  expect(join_code).toMatch(/^[A-Z0-9]{8}$/);
  expect(created_at).toBeInstanceOf(Date);
  expect(updated_at).toBeInstanceOf(Date);
  return rest;
}

describe('creating a trip, by SQL and by Prisma', () => {
  it('writes the same trip, configuration and counters in one statement when no endpoint subscribes', async () => {
    const account = await anAccount(api.prisma);
    const before = await counters(account);
    statements.length = 0;
    const created = await rest(account, BODY);
    expect(created.status, created.text).toBe(201);
    // The whole creation was the one statement: no BEGIN, no COMMIT, no event (nobody subscribes).
    expect(written()).toEqual([expect.stringMatching(/^WITH subscribed AS/)]);
    const { id: prismaId } = await viaPrisma(account, BODY);
    // Prisma's transaction ran the very same statement: a trip is created by one SQL text.
    const creations = statements.filter((sql) => /INSERT INTO trips\b/.test(sql));
    expect(creations).toHaveLength(2);
    expect(creations[1]).toBe(creations[0]);

    const [bySql, byPrisma] = [await tripRow(created.body.id), await tripRow(prismaId)];
    expect(comparable(bySql)).toEqual(comparable(byPrisma));
    expect(bySql).toMatchObject({
      account_id: account.accountId,
      agent_id: account.owner.agentId,
      title: 'Lisbon & Porto: Wine Week',
      countries: ['PRT', 'ESP'],
      date_start: new Date('2026-09-01T06:30:00Z'),
      date_finish: new Date('2026-09-08T00:00:00Z'),
      visibility: 'private',
      visualizations: 0,
      deleted_at: null,
    });
    expect(Number(String(byPrisma.code).slice(5))).toBe(Number(String(bySql.code).slice(5)) + 1);
    expect(await configurationRow(prismaId)).toEqual(await configurationRow(created.body.id));
    expect(await configurationRow(created.body.id)).toMatchObject({ revision: 1 });
    expect(await eventsOf(created.body.id)).toEqual([]);
    expect(await counters(account)).toEqual({
      ...before,
      tripSeq: before.tripSeq + 2,
      liveTripCount: before.liveTripCount + 2,
      trips: before.trips + 2,
      configurations: before.configurations + 2,
    });
    // The answer is the trip as GET reads it back.
    const read = await api.request(`GET /trips/${created.body.id}`, { key: account.owner.key });
    expect(created.body).toEqual(read.body);
  });

  it('records the same trip.created, with the trip as GET answers it, when an endpoint subscribes', async () => {
    const account = await anAccount(api.prisma);
    await subscribe(account);
    const before = await counters(account);
    statements.length = 0;
    const created = await rest(account, BODY);
    expect(created.status, created.text).toBe(201);
    // The one statement found the subscriber and wrote nothing; then the same statement, the
    // event and its fan-out job in one transaction, on one connection.
    expect(written().map((sql) => sql.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'WITH subscribed AS',
      'BEGIN; SET LOCAL',
      'WITH subscribed AS',
      'INSERT INTO events',
      'INSERT INTO pgboss.job_common',
      'COMMIT',
    ]);
    const { id: prismaId } = await viaPrisma(account, BODY);

    const [bySql] = await eventsOf(created.body.id);
    const [byPrisma] = await eventsOf(prismaId);
    expect(bySql).toMatchObject({
      account_id: account.accountId,
      type: 'trip.created',
      resource_type: 'trip',
      resource_id: created.body.id,
      payload: { trip: created.body },
    });
    const read = await api.request(`GET /trips/${prismaId}`, { key: account.owner.key });
    expect(byPrisma).toMatchObject({
      ...bySql,
      resource_id: prismaId,
      payload: { trip: read.body },
    });
    expect(comparable(await tripRow(created.body.id))).toEqual(comparable(await tripRow(prismaId)));
    expect(await counters(account)).toEqual({
      tripSeq: before.tripSeq + 2,
      liveTripCount: before.liveTripCount + 2,
      trips: before.trips + 2,
      configurations: before.configurations + 2,
      events: before.events + 2,
      jobs: before.jobs + 2,
    });
    await receiver.waitFor(1, (r) => r.body?.data?.trip?.id === created.body.id);
  });

  it('creates by the same statement for a GraphQL caller selecting relations, then reads the trip with them', async () => {
    const account = await anAccount(api.prisma);
    await subscribe(account);
    const before = await counters(account);
    statements.length = 0;
    const res = await api.graphql(
      `mutation($input: CreateTripInput!) {
        createTrip(input: $input) { id code title agentPictureUrl configuration { revision document } }
      }`,
      { input: { title: BODY.title, countries: BODY.countries, visibility: 'private' } },
      { key: account.owner.key },
    );
    expect(res.body.errors).toBeUndefined();
    const trip = res.body.data.createTrip;
    // Created by the one statement (on the pool, then in the event's transaction), not by Prisma's
    // model operations; only statements that write trips are looked at: the worker delivering an
    // earlier test's event may write in between.
    const create = statements.find((sql) => /^WITH subscribed AS/.test(sql));
    expect(statements.filter((sql) => /INSERT INTO\s+("public"\.)?"?trips"?\s/.test(sql))).toEqual([
      create,
      create,
    ]);
    expect(trip).toMatchObject({
      code: `TRIP-${before.tripSeq + 1}`,
      title: 'Lisbon & Porto: Wine Week',
      agentPictureUrl: null,
      configuration: { revision: 1, document: (await configurationRow(trip.id))!.document },
    });
    expect(await tripRow(trip.id)).toMatchObject({
      account_id: account.accountId,
      countries: ['PRT', 'ESP'],
      visibility: 'private',
    });
    const read = await api.request(`GET /trips/${trip.id}`, { key: account.owner.key });
    expect(await eventsOf(trip.id)).toEqual([
      {
        account_id: account.accountId,
        type: 'trip.created',
        resource_type: 'trip',
        resource_id: trip.id,
        payload: { trip: read.body },
      },
    ]);
    expect(await counters(account)).toEqual({
      tripSeq: before.tripSeq + 1,
      liveTripCount: before.liveTripCount + 1,
      trips: before.trips + 1,
      configurations: before.configurations + 1,
      events: before.events + 1,
      jobs: before.jobs + 1,
    });
  });
});

describe('a failure while creating a trip', () => {
  it('leaves nothing behind, by either path, with or without an event to record', async () => {
    const quiet = await anAccount(api.prisma);
    const subscribed = await anAccount(api.prisma);
    await subscribe(subscribed);
    // The trip is written first and fails last: its statement-level row trigger runs after the
    // configuration's insert, and the event's insert after both.
    await query(`CREATE FUNCTION fail_creation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'creation fails here'; END $$`);
    await query(`CREATE TRIGGER fail_trip AFTER INSERT ON trips FOR EACH ROW
      WHEN (NEW.title = 'Fails at the trip') EXECUTE FUNCTION fail_creation()`);
    await query(`CREATE TRIGGER fail_event BEFORE INSERT ON events FOR EACH ROW
      WHEN (NEW.payload->'trip'->>'title' = 'Fails at the event') EXECUTE FUNCTION fail_creation()`);
    try {
      for (const account of [quiet, subscribed]) {
        const before = await counters(account);
        // Without a subscriber there is no event: only the trip can fail.
        const titles = [
          'Fails at the trip',
          ...(account === subscribed ? ['Fails at the event'] : []),
        ];
        for (const title of titles) {
          const res = await rest(account, { ...BODY, title });
          expect(res.status, `${title}: ${res.text}`).toBe(500);
          await expect(viaPrisma(account, { ...BODY, title })).rejects.toThrow();
        }
        expect(await counters(account)).toEqual(before);
        // The counter moves on from where it was: the next code follows the last committed one.
        const next = await rest(account, BODY);
        expect(next.body.code).toBe(`TRIP-${before.tripSeq + 1}`);
      }
    } finally {
      await query('DROP TRIGGER fail_trip ON trips');
      await query('DROP TRIGGER fail_event ON events');
      await query('DROP FUNCTION fail_creation()');
    }
  });
});

describe('a slug already taken', () => {
  it('is drawn again: the creation answers 201 with a new slug and the next code, by every path', async () => {
    const quiet = await anAccount(api.prisma);
    const subscribed = await anAccount(api.prisma);
    await subscribe(subscribed);
    const taken = (await rest(quiet, { title: 'Taken' })).body.slug as string;
    // The first insert of the title gets the taken slug; a sequence, unlike a table, is not
    // rolled back with the statement that fails, so the retry goes through.
    await query('CREATE SEQUENCE collide_slug_seq');
    await query(`CREATE FUNCTION collide_slug() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('collide_slug_seq') % 2 = 1 THEN NEW.slug := '${taken}'; END IF;
        RETURN NEW;
      END $$`);
    await query(`CREATE TRIGGER collide_slug BEFORE INSERT ON trips FOR EACH ROW
      WHEN (NEW.title = 'Slug collision') EXECUTE FUNCTION collide_slug()`);
    try {
      for (const account of [quiet, subscribed]) {
        const before = await counters(account);
        const res = await rest(account, { ...BODY, title: 'Slug collision' });
        expect(res.status, res.text).toBe(201);
        expect(res.body.slug).toMatch(/^slug-collision-[a-z0-9]{6}$/);
        expect(res.body.slug).not.toBe(taken);
        expect(res.body.code).toBe(`TRIP-${before.tripSeq + 1}`);
        // In Prisma's transaction, the failed attempt is rolled back to its savepoint.
        const { id } = await viaPrisma(account, { ...BODY, title: 'Slug collision' });
        expect(await tripRow(id)).toMatchObject({
          slug: expect.stringMatching(/^slug-collision-[a-z0-9]{6}$/),
          code: `TRIP-${before.tripSeq + 2}`,
        });
        expect((await tripRow(id)).slug).not.toBe(taken);
        expect(await eventsOf(id)).toHaveLength(account === subscribed ? 1 : 0);
      }
      // Each path met the taken slug once: the trigger's sequence counted two attempts for each.
      expect((await query('SELECT last_value FROM collide_slug_seq'))[0]).toEqual({
        last_value: 8n,
      });
    } finally {
      await query('DROP TRIGGER collide_slug ON trips');
      await query('DROP FUNCTION collide_slug()');
      await query('DROP SEQUENCE collide_slug_seq');
    }
  });
});

describe('concurrent creations', () => {
  it('give codes TRIP-<n> without a gap or a repeat, whichever path each takes', async () => {
    const account = await anAccount(api.prisma);
    const before = await counters(account);
    const codes = async (count: number) => {
      const created = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          if (i % 4 === 3) return (await viaPrisma(account, { title: `Concurrent ${i}` })).id;
          const res = await rest(account, { title: `Concurrent ${i}` });
          expect(res.status, res.text).toBe(201);
          return res.body.id as number;
        }),
      );
      const rows = await query('SELECT code FROM trips WHERE id = ANY($1::int[])', created);
      return rows.map((r) => Number(String(r.code).slice(5))).sort((a, b) => a - b);
    };
    const range = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => from + i);
    expect(await codes(24)).toEqual(range(before.tripSeq + 1, 24));
    await subscribe(account); // from now on every creation records its event in a transaction
    expect(await codes(12)).toEqual(range(before.tripSeq + 25, 12));
    expect(await counters(account)).toMatchObject({
      tripSeq: before.tripSeq + 36,
      liveTripCount: before.liveTripCount + 36,
      trips: before.trips + 36,
      configurations: before.configurations + 36,
      events: before.events + 12,
    });
  });
});
