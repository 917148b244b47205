// A trip's creation in SQL instead of Prisma's model operations: the counter, the trip (RETURNING
// its columns and its agent's picture) and its configuration, and the trip mapped to the object
// Prisma's create returned. Used when the caller wants the trip as the Trip type always loads it
// (its columns and its agent's picture); any other query goes through Prisma. Why: Prisma's
// runtime cost most of a creation's CPU (issue 16). createBySql does the whole creation on the
// client's pool, in one statement when no endpoint wants the event; insertTrip is the same in
// three statements on a Prisma transaction (createTripIn's, when it has no pool to use).
import type { Prisma } from '../db/prisma.ts';
import { sqlRows, type Statement } from '../db/sql.ts';
import { sqlTransaction } from '../db/sql-transaction.ts';
import { CODE_ALPHABET, randomString, slugFor } from '../shared/identifiers.ts';
import { SUBSCRIBED_ENDPOINT } from '../webhooks/events.ts';
import type { Writer } from '../writer.ts';
import type { CreateTripInput } from './trip.input.ts';
import { tripPayload } from './trip.payload.ts';
import { TRIP_COLUMNS, tripOf, type LoadedTrip } from './trip.row.ts';

type Query = { include?: Prisma.TripInclude; select?: Prisma.TripSelect };

/** Whether a create's query asks for no more than the columns and the agent's picture. */
export function columnsOnly(query: Query): boolean {
  if (query.select) return false;
  const include = query.include as Record<string, unknown> | undefined;
  if (!include) return true;
  const keys = Object.keys(include);
  if (keys.length !== 1 || keys[0] !== 'agent') return false;
  const agent = include.agent as { select?: Record<string, unknown> } | undefined;
  const selected = agent?.select ? Object.keys(agent.select) : [];
  return selected.length === 1 && agent?.select?.pictureUrl === true;
}

export async function insertTrip(
  tx: Prisma.TransactionClient,
  actor: { accountId: number; agentId: number },
  input: CreateTripInput,
  document: Prisma.InputJsonObject,
): Promise<LoadedTrip> {
  // The account row is the counter: codes are unique and gap-free per account, even concurrently.
  const [counter] = await tx.$queryRaw<Array<{ tripSeq: number }>>`
    UPDATE accounts SET trip_seq = trip_seq + 1, updated_at = now() WHERE id = ${actor.accountId}
    RETURNING trip_seq AS "tripSeq"`;
  const [row] = await tx.$queryRaw<Array<LoadedTrip & { pictureUrl: string | null }>>`
    INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, seo_description, duration,
      date_start, date_finish, date_expiration, logo, countries, image_url, template, visibility, updated_at)
    VALUES (${actor.accountId}, ${actor.agentId}, ${input.title}, ${slugFor(input.title, 'trip')},
      ${`TRIP-${counter!.tripSeq}`}, ${randomString(CODE_ALPHABET, 8)}, ${input.seoDescription ?? null},
      ${input.duration ?? null}::int, ${input.dateStart ?? null}::timestamptz, ${input.dateFinish ?? null}::timestamptz,
      ${input.dateExpiration ?? null}::timestamptz, ${input.logo ?? null}, ${input.countries ?? []}::text[],
      ${input.imageUrl ?? null}, ${input.template ?? false},
      CAST(${input.visibility ?? 'public'}::text AS "TripVisibility"), now())
    RETURNING id, account_id AS "accountId", agent_id AS "agentId", title, slug, code,
      join_code AS "joinCode", seo_description AS "seoDescription", duration, date_start AS "dateStart",
      date_finish AS "dateFinish", date_expiration AS "dateExpiration", logo, countries,
      image_url AS "imageUrl", template, visibility::text AS visibility, visualizations,
      created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt",
      deleted_by_id AS "deletedById",
      (SELECT a.picture_url FROM agents a WHERE a.id = trips.agent_id) AS "pictureUrl"`;
  const { pictureUrl, ...trip } = row!;
  await tx.$executeRaw`
    INSERT INTO trip_configurations (trip_id, document, updated_at)
    VALUES (${trip.id}, ${JSON.stringify(document)}::jsonb, now())`;
  return { ...trip, agent: { pictureUrl } } as LoadedTrip;
}

/**
 * The counter, the trip and its configuration in one statement, and whether an active endpoint of
 * the account wants trip.created (the recorder's check, without a round trip of its own). Unless
 * $18, a subscribed account writes nothing here: its event must commit with the trip, so the
 * statement runs again in a transaction. Without an event to record, the creation needs no BEGIN
 * or COMMIT (a statement is atomic): one round trip instead of six. Codes stay gap-free: the
 * counter's row lock is held to the end, and a failure undoes the whole statement.
 */
const CREATE: Statement = {
  name: 'trip_create',
  text: `WITH subscribed AS (SELECT EXISTS (${SUBSCRIBED_ENDPOINT}) AS yes),
counter AS (
  UPDATE accounts SET trip_seq = trip_seq + 1, updated_at = now()
  WHERE id = $1 AND ($18::boolean OR NOT (SELECT yes FROM subscribed))
  RETURNING trip_seq),
t AS (
  INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, seo_description, duration,
    date_start, date_finish, date_expiration, logo, countries, image_url, template, visibility, updated_at)
  SELECT $1, $3, $4, $5, 'TRIP-' || trip_seq, $6, $7, $8::int, $9::timestamptz, $10::timestamptz,
    $11::timestamptz, $12, $13::text[], $14, $15::boolean, CAST($16::text AS "TripVisibility"), now()
  FROM counter
  RETURNING *),
configuration AS (
  INSERT INTO trip_configurations (trip_id, document, updated_at) SELECT id, $17::jsonb, now() FROM t)
SELECT ${TRIP_COLUMNS}, (SELECT a.picture_url FROM agents a WHERE a.id = t.agent_id),
  (SELECT yes FROM subscribed)
FROM t`,
};

/**
 * The trip created in SQL, as Trip loads it, with its trip.created event when an endpoint wants
 * it (then in a transaction on one pooled connection, with the event's fan-out job). Undefined
 * without a pool, or when no trip was written (no such account): Prisma's path says why.
 */
export async function createBySql(
  w: Writer,
  input: CreateTripInput,
  document: Prisma.InputJsonObject,
): Promise<LoadedTrip | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createOnce(w, input, document);
    } catch (error) {
      // The slug's and join code's random parts can repeat one already taken (rarely: 36^6 slugs a
      // title); the statement then failed whole, so it is made again with new ones.
      if (attempt >= RANDOM_PART_ATTEMPTS || !takenRandomPart(error)) throw error;
    }
  }
}

const RANDOM_PART_ATTEMPTS = 3;

/** A unique violation on a trip's slug or join code (pg's error, as sql.ts runs statements). */
export function takenRandomPart(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return (
    code === '23505' && (constraint === 'trips_slug_key' || constraint === 'trips_join_code_key')
  );
}

async function createOnce(
  w: Writer,
  input: CreateTripInput,
  document: Prisma.InputJsonObject,
): Promise<LoadedTrip | undefined> {
  const rows = sqlRows(w.prisma);
  if (!rows) return undefined;
  const values = [
    w.actor.accountId,
    'trip.created',
    w.actor.agentId,
    input.title,
    slugFor(input.title, 'trip'),
    randomString(CODE_ALPHABET, 8),
    input.seoDescription ?? null,
    input.duration ?? null,
    input.dateStart ?? null,
    input.dateFinish ?? null,
    input.dateExpiration ?? null,
    input.logo ?? null,
    input.countries ?? [],
    input.imageUrl ?? null,
    input.template ?? false,
    input.visibility ?? 'public',
    JSON.stringify(document),
  ];
  const [row] = await rows(CREATE, [...values, false]);
  if (row) return tripOf(row, true);
  const created = await sqlTransaction(w.prisma, async (tx) => {
    const [row] = await tx.rows(CREATE, [...values, true]);
    if (!row) return undefined;
    const trip = tripOf(row, true);
    if (row.at(-1) === true)
      await w.events.insert(tx, {
        type: 'trip.created',
        accountId: w.actor.accountId,
        resource: 'trip',
        resourceId: trip.id,
        payload: { trip: tripPayload(trip) },
      });
    return trip;
  });
  return created?.result;
}
