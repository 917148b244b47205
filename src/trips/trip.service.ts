// Trips of the caller's account. A trip in the trash (deletedAt set) reads as 404 everywhere.
import type { Actor } from '../auth/actor.ts';
import { LIMITS } from '../config/constants.ts';
import type { Prisma, PrismaClient, Trip } from '../db/prisma.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { copyTitle } from '../shared/fields.ts';
import type { Writer } from '../writer.ts';
import { defaultConfiguration } from './configuration.defaults.ts';
import { deletedTripEventData, tripPayload } from './trip.payload.ts';
import { columnRows } from './trip-list.sql.ts';
import { columnsOnly, createBySql, createIn } from './trip-create.sql.ts';
import { datesInOrder, type CreateTripInput, type UpdateTripInput } from './trip.input.ts';

type Query = { include?: Prisma.TripInclude; select?: Prisma.TripSelect };
import type { LoadedTrip } from './trip.row.ts';

export type { LoadedTrip };

export const notFound = () => new NotFoundError('Trip not found.');
/** The trips a caller may read: its account's, outside the trash. */
export const readableTrips = (actor: Actor) => ({ accountId: actor.accountId, deletedAt: null });
const visible = (actor: Actor, id: number) => ({ id, ...readableTrips(actor) });

/** A page of the caller's trips: its rows, with the nodes' query Pothos planned, and the total. */
export interface TripList {
  rows(query: Query, window: { skip: number; take: number }): Promise<LoadedTrip[]>;
  /** The rows by hand-written SQL, when the selection is only columns (trip-list.sql.ts). */
  columns?(window: { skip: number; take: number }, withAgent: boolean): Promise<LoadedTrip[]>;
  count(): Promise<number>;
}

const LIVE_TRIP_COUNT = { account: { select: { liveTripCount: true } } } as const;

/**
 * The caller's trips narrowed by `where` (filters, search), in `orderBy`. Narrowed, the total is
 * a count(*) of the matches, remembered with the account's list version (trip-count-cache.ts): a
 * page of columns reads the version in its own statement and counts only when it has moved.
 * Unnarrowed, it is the account's live counter (kept by triggers), read through each row's
 * account in the page's own SQL statement, so the default list page is one statement; a count
 * asked before the rows, or of a page past the end, reads the counter alone.
 */
export function tripList(
  prisma: PrismaClient,
  actor: Actor,
  where: Prisma.TripWhereInput,
  orderBy: Prisma.TripOrderByWithRelationInput[],
): TripList {
  const scoped = { ...where, ...readableTrips(actor) };
  const find = (query: Query, window: { skip: number; take: number }) =>
    prisma.trip.findMany({ ...query, where: scoped, orderBy, ...window }) as Promise<LoadedTrip[]>;
  const sql = columnRows(prisma, actor, where, orderBy);
  // What the page's statement read of the account: the live count, or the list version. Only a
  // total awaits it: a page whose statement fails rejects through its rows, and this copy must
  // not be left as an unhandled rejection (which ends the process) when no total is asked for.
  let read: Promise<unknown> | undefined;
  const keep = (value: Promise<unknown>) => {
    value.catch(() => {});
    read = value;
  };
  if (narrowed(where))
    return {
      rows: find,
      columns:
        sql &&
        ((window, withAgent) => {
          const rows = sql.rows(window, withAgent, 'trip_list_version');
          keep(rows.then((r) => r[0]?.account));
          return rows.then(trips);
        }),
      count: async () => {
        if (!sql) return prisma.trip.count({ where: scoped });
        const version = (await read) as string | undefined;
        return sql.count(version === undefined ? undefined : String(version));
      },
    };
  return {
    rows: (query, window) => {
      const withCounter = query.select
        ? { select: { ...query.select, ...LIVE_TRIP_COUNT } }
        : { include: { ...query.include, ...LIVE_TRIP_COUNT } };
      const rows = find(withCounter, window) as Promise<
        Array<LoadedTrip & { account: { liveTripCount: number } }>
      >;
      keep(rows.then((r) => r[0]?.account.liveTripCount));
      return rows;
    },
    columns:
      sql &&
      ((window, withAgent) => {
        const rows = sql.rows(window, withAgent, 'live_trip_count');
        keep(rows.then((r) => r[0]?.account));
        return rows.then(trips);
      }),
    count: async () =>
      ((await read) as number | undefined) ??
      (
        await prisma.account.findUniqueOrThrow({
          where: { id: actor.accountId },
          select: { liveTripCount: true },
        })
      ).liveTripCount,
  };
}

const trips = (rows: Array<{ trip: LoadedTrip }>) => rows.map((r) => r.trip);

function narrowed(where: Prisma.TripWhereInput): boolean {
  const conditions = Array.isArray(where.AND) ? where.AND : [where.AND ?? {}];
  return (
    conditions.some((c) => Object.keys(c).length > 0) || Object.keys(where).some((k) => k !== 'AND')
  );
}

export async function createTrip(
  w: Writer,
  input: CreateTripInput,
  query: Query = {},
  document: Prisma.InputJsonObject = defaultConfiguration(),
) {
  // On the pool (trip-create.sql.ts); in Prisma's transaction for a client without a pool of its
  // own, or to say why no trip was written (no such account).
  const trip =
    (await createBySql(w, input, document)) ??
    (await w.prisma.$transaction((tx) => createIn(tx, w, input, document)));
  // A selection beyond the columns (a GraphQL caller's relations) reads the trip it created.
  return columnsOnly(query)
    ? trip
    : w.prisma.trip.findUniqueOrThrow({ ...query, where: { id: trip.id } });
}

/** createTrip inside the caller's transaction (an AI import completes its job in the same one). */
export async function createTripIn(
  tx: Prisma.TransactionClient,
  w: Omit<Writer, 'prisma'>,
  input: CreateTripInput,
  query: Query = {},
  document: Prisma.InputJsonObject = defaultConfiguration(),
) {
  const trip = await createIn(tx, w, input, document);
  return columnsOnly(query)
    ? trip
    : tx.trip.findUniqueOrThrow({ ...query, where: { id: trip.id } });
}

const tripData = (tx: Prisma.TransactionClient, id: number) => async () => ({
  trip: tripPayload(await tx.trip.findUniqueOrThrow({ where: { id } })),
});

export async function getTrip(prisma: PrismaClient, actor: Actor, id: number, query: Query = {}) {
  const trip = await prisma.trip.findFirst({ ...query, where: visible(actor, id) });
  if (!trip) throw notFound();
  return trip;
}

/**
 * A copy of a public trip whose settings allow copies (`canCreateCopy`), from any account, as a
 * new private trip of the caller (docs/pages.md): its details and configuration, fresh
 * slug, code and join code, no views. A copy from another account leaves out the contact card,
 * which names that agency. A trip no public page shows is not found; a public one that allows no
 * copy is forbidden.
 */
export async function copyPublicTrip(
  w: Writer,
  slug: string,
  title: string | undefined,
  query: Query = {},
) {
  const source = await w.prisma.trip.findFirst({
    where: { slug, deletedAt: null, visibility: 'public' },
    include: { configuration: { select: { document: true } } },
  });
  if (!source) throw notFound();
  const document = (source.configuration?.document ?? defaultConfiguration()) as Record<
    string,
    unknown
  >;
  const settings = document.settings as { canCreateCopy?: unknown } | undefined;
  if (settings?.canCreateCopy !== true)
    throw new ForbiddenError("This trip's settings do not allow copies.");
  const copied =
    source.accountId === w.actor.accountId
      ? document
      : { ...document, contact: defaultConfiguration().contact };
  return createTrip(
    w,
    {
      title: title ?? copyTitle(source.title),
      seoDescription: source.seoDescription,
      duration: source.duration,
      dateStart: source.dateStart,
      dateFinish: source.dateFinish,
      dateExpiration: source.dateExpiration,
      logo: source.logo,
      countries: source.countries,
      imageUrl: source.imageUrl,
      template: source.template,
      visibility: 'private',
    },
    query,
    copied as Prisma.InputJsonObject,
  );
}

/** A trip a public page shows: public and outside the trash (docs/pages.md); else not found. */
export async function getPublicTrip(prisma: PrismaClient, slug: string, query: Query = {}) {
  const trip = await prisma.trip.findFirst({
    ...query,
    where: { slug, deletedAt: null, visibility: 'public' },
  });
  if (!trip) throw notFound();
  return trip;
}

/** trip.updated only when a field really changes; a PATCH that changes nothing writes nothing. */
export async function updateTrip(w: Writer, id: number, input: UpdateTripInput, query: Query = {}) {
  return w.prisma.$transaction(async (tx) => {
    const current = await tx.trip.findFirst({ where: visible(w.actor, id) });
    if (!current) throw notFound();
    if (!datesInOrder({ ...current, ...input }))
      throw ValidationError.field('dateFinish', 'dateFinish must not be before dateStart.');
    const changed = Object.entries(input).some(
      ([field, value]) => !sameValue(current[field as keyof Trip], value),
    );
    if (!changed) return tx.trip.findUniqueOrThrow({ ...query, where: { id } });
    const trip = await tx.trip.update({ ...query, where: { id }, data: input });
    await w.events.record(tx, {
      type: 'trip.updated',
      accountId: w.actor.accountId,
      resource: 'trip',
      resourceId: id,
      data: tripData(tx, id),
    });
    return trip;
  });
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function deleteTrip(w: Writer, id: number): Promise<void> {
  if ((await deleteTrips(w, [id])) === 0) throw notFound();
}

/**
 * To the trash. Ids that are missing, already deleted or not the caller's are skipped
 * (docs/decisions.md#trips). One trip.deleted per trip, and catalog.updated for every catalog
 * holding one.
 */
export async function deleteTrips(w: Writer, ids: readonly number[]): Promise<number> {
  if (ids.length > LIMITS.bulkDeleteMax)
    throw ValidationError.field('tripIds', `At most ${LIMITS.bulkDeleteMax} ids a call.`);
  return w.prisma.$transaction(async (tx) => {
    const trips = await tx.trip.updateManyAndReturn({
      where: { id: { in: [...new Set(ids)] }, ...readableTrips(w.actor) },
      data: { deletedAt: w.now, deletedById: w.actor.agentId },
    });
    await w.events.recordMany(
      tx,
      'trip.deleted',
      w.actor.accountId,
      'trip',
      trips.map((trip) => ({ resourceId: trip.id, payload: deletedTripEventData(trip) })),
    );
    await catalogsChanged(
      tx,
      w,
      trips.map((t) => t.id),
    );
    return trips.length;
  });
}

/** A trip left or came back: every catalog holding it changed (debounced; `updatedAt` stays). */
export async function catalogsChanged(
  tx: Prisma.TransactionClient,
  w: Writer,
  tripIds: readonly number[],
) {
  if (tripIds.length === 0) return;
  const catalogs = await tx.catalog.findMany({
    where: { deletedAt: null, tripLinks: { some: { tripId: { in: [...tripIds] } } } },
    select: { id: true, accountId: true },
  });
  for (const catalog of catalogs) {
    await w.events.recordDebounced(tx, {
      type: 'catalog.updated',
      accountId: catalog.accountId,
      resource: 'catalog',
      resourceId: catalog.id,
    });
  }
}

/** A copy of a readable trip and its configuration, as a new trip of the caller (fresh slug, code, join code, no views). */
export async function duplicateTrip(
  w: Writer,
  id: number,
  title: string | undefined,
  query: Query = {},
) {
  const source = await w.prisma.trip.findFirst({
    where: visible(w.actor, id),
    include: { configuration: { select: { document: true } } },
  });
  if (!source) throw notFound();
  const {
    title: sourceTitle,
    seoDescription,
    duration,
    dateStart,
    dateFinish,
    dateExpiration,
    logo,
    countries,
    imageUrl,
    template,
    visibility,
  } = source;
  const copy = {
    title: title ?? copyTitle(sourceTitle),
    seoDescription,
    duration,
    dateStart,
    dateFinish,
    dateExpiration,
    logo,
    countries,
    imageUrl,
    template,
    visibility,
  };
  return createTrip(
    w,
    copy,
    query,
    (source.configuration?.document ?? defaultConfiguration()) as Prisma.InputJsonObject,
  );
}
