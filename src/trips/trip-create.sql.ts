// A trip's creation in one SQL text (CREATE below), whoever creates it, instead of Prisma's model
// operations (Prisma's runtime cost most of a creation's CPU, issue 16): the counter, the trip
// (RETURNING its columns and its agent's picture) and its configuration in one statement, the
// trip mapped to the object Prisma's create returned. createBySql runs it on the client's pool:
// alone when no endpoint wants trip.created, else in a transaction on one pooled connection with
// the event. createIn runs it in a Prisma transaction: an AI import's stage, whose job completes
// in the same transaction, or a client without a pool of its own. A caller that selects more
// than the columns and the agent's picture (a GraphQL caller's relations) reads the trip by id
// once it is created (trip.service.ts).
import type { Prisma } from '../db/prisma.ts';
import { sqlRows, type Statement } from '../db/sql.ts';
import { type SqlTransaction, sqlTransaction } from '../db/sql-transaction.ts';
import { CODE_ALPHABET, randomString, slugFor } from '../shared/identifiers.ts';
import { SUBSCRIBED_ENDPOINT } from '../webhooks/events.ts';
import type { Writer } from '../writer.ts';
import type { CreateTripInput } from './trip.input.ts';
import { tripPayload } from './trip.payload.ts';
import { columnOf, TRIP_COLUMNS, type TripField, tripOf, type LoadedTrip } from './trip.row.ts';

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

/**
 * What CREATE writes from the caller and the request, field by field (TRIP_ROW names their
 * columns), in the order of its parameters from $3, each with its SQL (`?` its parameter, cast).
 * The account ($1), the code (from the counter) and updated_at are written apart; the rest of the
 * columns take their defaults.
 */
const WRITTEN = {
  agentId: '?',
  title: '?',
  slug: '?',
  joinCode: '?',
  seoDescription: '?',
  duration: '?::int',
  dateStart: '?::timestamptz',
  dateFinish: '?::timestamptz',
  dateExpiration: '?::timestamptz',
  logo: '?',
  countries: '?::text[]',
  imageUrl: '?',
  template: '?::boolean',
  visibility: 'CAST(?::text AS "TripVisibility")',
} as const satisfies Partial<Record<TripField, string>>;
type WrittenField = keyof typeof WRITTEN;

const WRITTEN_FIELDS = Object.keys(WRITTEN) as WrittenField[];
/** $1 the account, $2 the event type, the written fields, then the configuration and the flag. */
const FIRST_WRITTEN = 3;
const DOCUMENT = `$${FIRST_WRITTEN + WRITTEN_FIELDS.length}`;
const IN_TRANSACTION = `$${FIRST_WRITTEN + WRITTEN_FIELDS.length + 1}`;

/**
 * The counter, the trip and its configuration in one statement, and whether an active endpoint of
 * the account wants trip.created (the recorder's check, without a round trip of its own). Unless
 * IN_TRANSACTION, a subscribed account writes nothing here: its event must commit with the trip,
 * so the statement runs again in a transaction. Without an event to record, the creation needs no
 * BEGIN or COMMIT (a statement is atomic): one round trip instead of six. Codes stay gap-free: the
 * counter's row lock is held to the end, and a failure undoes the whole statement.
 */
const CREATE: Statement = {
  name: 'trip_create',
  text: `WITH subscribed AS (SELECT EXISTS (${SUBSCRIBED_ENDPOINT}) AS yes),
counter AS (
  UPDATE accounts SET trip_seq = trip_seq + 1, updated_at = now()
  WHERE id = $1 AND (${IN_TRANSACTION}::boolean OR NOT (SELECT yes FROM subscribed))
  RETURNING trip_seq),
t AS (
  INSERT INTO trips (account_id, ${columnOf('code')}, ${WRITTEN_FIELDS.map(columnOf).join(', ')}, updated_at)
  SELECT $1, 'TRIP-' || trip_seq, ${WRITTEN_FIELDS.map((field, i) => WRITTEN[field].replace('?', `$${FIRST_WRITTEN + i}`)).join(', ')}, now()
  FROM counter
  RETURNING *),
configuration AS (
  INSERT INTO trip_configurations (trip_id, document, updated_at) SELECT id, ${DOCUMENT}::jsonb, now() FROM t)
SELECT ${TRIP_COLUMNS}, (SELECT a.picture_url FROM agents a WHERE a.id = t.agent_id) AS picture_url,
  (SELECT yes FROM subscribed) AS subscribed
FROM t`,
};

type Creator = Pick<Writer, 'actor' | 'events'>;

/**
 * The trip created on the client's pool, as Trip loads it, with its trip.created event when an
 * endpoint wants it (then in a transaction on one pooled connection, with the event's fan-out
 * job). Undefined without a pool, or when no trip was written (no such account): createIn says why.
 */
export async function createBySql(
  w: Writer,
  input: CreateTripInput,
  document: Prisma.InputJsonObject,
): Promise<LoadedTrip | undefined> {
  const rows = sqlRows(w.prisma);
  if (!rows) return undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await createOnce(w, rows, valuesOf(w, input, document));
    } catch (error) {
      // The slug's and join code's random parts can repeat one already taken (rarely: 36^6 slugs a
      // title); the statement then failed whole, so it is made again with new ones.
      if (attempt >= RANDOM_PART_ATTEMPTS || !takenRandomPart(error)) throw error;
    }
  }
}

/**
 * The trip created in the caller's Prisma transaction by the same statement, with its event when
 * an endpoint wants it. A statement that fails aborts the whole transaction, so each attempt
 * starts at a savepoint the retry of a taken slug or join code rolls back to.
 */
export async function createIn(
  tx: Prisma.TransactionClient,
  w: Creator,
  input: CreateTripInput,
  document: Prisma.InputJsonObject,
): Promise<LoadedTrip> {
  for (let attempt = 1; ; attempt++) {
    await tx.$executeRawUnsafe('SAVEPOINT trip_create');
    let row: Record<string, unknown> | undefined;
    try {
      [row] = await tx.$queryRawUnsafe<Array<Record<string, unknown>>>(
        CREATE.text,
        ...valuesOf(w, input, document),
        true,
      );
    } catch (error) {
      if (attempt >= RANDOM_PART_ATTEMPTS || !takenRandomPart(error)) throw error;
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT trip_create');
      continue;
    }
    if (!row) throw new Error(`No account ${w.actor.accountId} to create a trip in.`);
    // Prisma's raw row is keyed by column name, in the statement's order: as pg's array, its
    // values are what tripOf maps.
    return recordCreated(tx, w, Object.values(row));
  }
}

const RANDOM_PART_ATTEMPTS = 3;

/**
 * A unique violation on a trip's slug or join code: pg's error (as sql.ts runs statements), or the
 * driver adapter's cause inside Prisma's (P2010, a raw statement in Prisma's transaction).
 */
export function takenRandomPart(error: unknown): boolean {
  const { code, constraint, meta } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; constraint?: unknown } } };
  };
  const cause = meta?.driverAdapterError?.cause;
  const [state, name] =
    code === 'P2010'
      ? [cause?.originalCode, (cause?.constraint as { index?: unknown } | undefined)?.index]
      : [code, constraint];
  return state === '23505' && (name === 'trips_slug_key' || name === 'trips_join_code_key');
}

/** CREATE's values but its last (IN_TRANSACTION): a fresh slug and join code for each attempt. */
function valuesOf(w: Creator, input: CreateTripInput, document: Prisma.InputJsonObject) {
  const written: Record<WrittenField, unknown> = {
    agentId: w.actor.agentId,
    title: input.title,
    slug: slugFor(input.title, 'trip'),
    joinCode: randomString(CODE_ALPHABET, 8),
    seoDescription: input.seoDescription ?? null,
    duration: input.duration ?? null,
    dateStart: input.dateStart ?? null,
    dateFinish: input.dateFinish ?? null,
    dateExpiration: input.dateExpiration ?? null,
    logo: input.logo ?? null,
    countries: input.countries ?? [],
    imageUrl: input.imageUrl ?? null,
    template: input.template ?? false,
    visibility: input.visibility ?? 'public',
  };
  return [
    w.actor.accountId,
    'trip.created',
    ...WRITTEN_FIELDS.map((field) => written[field]),
    JSON.stringify(document),
  ];
}

async function createOnce(
  w: Creator & Pick<Writer, 'prisma'>,
  rows: NonNullable<ReturnType<typeof sqlRows>>,
  values: unknown[],
): Promise<LoadedTrip | undefined> {
  const [row] = await rows(CREATE, [...values, false]);
  if (row) return tripOf(row, true);
  const created = await sqlTransaction(w.prisma, async (tx) => {
    const [row] = await tx.rows(CREATE, [...values, true]);
    return row && recordCreated(tx, w, row);
  });
  return created?.result;
}

/** The trip of CREATE's row, after its event when the row says an endpoint wants one. */
async function recordCreated(
  tx: Prisma.TransactionClient | SqlTransaction,
  w: Creator,
  row: unknown[],
): Promise<LoadedTrip> {
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
}
