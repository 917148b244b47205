// Catalogs (docs/decisions.md#catalogs): an account's ordered selections of trips, optionally
// shared with the accounts of its organisation. Who may do what:
// - read: the owner account, and every account of its organisation when shared;
// - change details, delete, restore: the owner account only (others who can read it get 403);
// - change `tripIds`: anyone who can read it; trips added must be readable by the caller, and a
//   caller outside the owner account cannot remove (or see) trips it may not read.
// A trip in the trash disappears from every catalog holding it and comes back when restored,
// without touching the catalog's `updatedAt`.
import type { Actor } from '../auth/actor.ts';
import { LIMITS } from '../config/constants.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { slugFor } from '../shared/identifiers.ts';
import { copyTitle } from '../shared/fields.ts';
import type { Writer } from '../writer.ts';
import {
  catalogPayload,
  deletedCatalogEventData,
  liveLinks,
  readCatalogForEvent,
} from './catalog.payload.ts';
import { retentionCutoff, trashWhere } from '../trips/trip-trash.service.ts';
import { readableTrips } from '../trips/trip.service.ts';
import {
  catalogColumns,
  type CreateCatalogInput,
  type UpdateCatalogInput,
} from './catalog.input.ts';

type Query = { include?: Prisma.CatalogInclude; select?: Prisma.CatalogSelect };
type Tx = Prisma.TransactionClient;

export const catalogNotFound = () => new NotFoundError('Catalog not found.');
const notOwner = () => new ForbiddenError('Only the account that owns this catalog can do this.');

/** Catalogs the caller may read: its account's, and those its organisation's accounts share. */
export function readableCatalogs(actor: Actor): Prisma.CatalogWhereInput {
  const own = { accountId: actor.accountId };
  if (actor.organisationId === null) return { ...own, deletedAt: null };
  return {
    deletedAt: null,
    OR: [own, { sharedWithOrganisation: true, account: { organisationId: actor.organisationId } }],
  };
}

export async function getCatalog(
  prisma: PrismaClient,
  actor: Actor,
  id: number,
  query: Query = {},
) {
  const catalog = await prisma.catalog.findFirst({
    ...query,
    where: { id, ...readableCatalogs(actor) },
  });
  if (!catalog) throw catalogNotFound();
  return catalog;
}

export async function createCatalog(w: Writer, input: CreateCatalogInput, query: Query = {}) {
  const { tripIds = [], ...details } = input;
  const { actor } = w;
  return w.prisma.$transaction(async (tx) => {
    await assertReadable(tx, actor, tripIds, new Set());
    const catalog = await tx.catalog.create({
      data: {
        ...catalogColumns(details),
        title: details.title,
        slug: slugFor(details.title, 'catalog'),
        accountId: actor.accountId,
        agentId: actor.agentId,
      },
      select: { id: true },
    });
    await placeTrips(tx, catalog.id, tripIds, actor.accountId);
    await w.events.record(tx, {
      type: 'catalog.created',
      accountId: actor.accountId,
      resource: 'catalog',
      resourceId: catalog.id,
      data: catalogData(tx, catalog.id),
    });
    return tx.catalog.findUniqueOrThrow({ ...query, where: { id: catalog.id } });
  });
}

const catalogData = (tx: Tx, id: number) => async () => ({
  catalog: catalogPayload((await readCatalogForEvent(tx, id))!),
});

/** catalog.updated (debounced) only when something changes; a PATCH that changes nothing writes nothing. */
export async function updateCatalog(
  w: Writer,
  id: number,
  input: UpdateCatalogInput,
  query: Query = {},
) {
  const { tripIds, ...details } = input;
  const { actor } = w;
  return w.prisma.$transaction(async (tx) => {
    // Row lock: concurrent edits of one catalog's trips apply one after the other.
    await tx.$queryRaw`SELECT id FROM catalogs WHERE id = ${id} FOR UPDATE`;
    const current = await tx.catalog.findFirst({
      where: { id, ...readableCatalogs(actor) },
      include: { tripLinks: liveLinks },
    });
    if (!current) throw catalogNotFound();
    const owner = current.accountId === actor.accountId;
    const columns = catalogColumns(details);
    const changedColumns = Object.entries(columns).filter(
      ([column, value]) => current[column as keyof typeof current] !== value,
    );
    const tripsChanged =
      tripIds !== undefined &&
      tripIds.join(',') !== current.tripLinks.map((link) => link.tripId).join(',');
    if (!owner && changedColumns.length > 0) throw notOwner();
    if (changedColumns.length === 0 && !tripsChanged)
      return tx.catalog.findUniqueOrThrow({ ...query, where: { id } });
    if (tripsChanged) await replaceTrips(tx, actor, id, tripIds, owner);
    // Any accepted change is an edit of the catalog, a change of its trips included.
    const catalog = await tx.catalog.update({
      ...query,
      where: { id },
      data: { ...columns, updatedAt: new Date() },
    });
    await w.events.recordDebounced(tx, {
      type: 'catalog.updated',
      accountId: current.accountId,
      resource: 'catalog',
      resourceId: id,
    });
    return catalog;
  });
}

async function replaceTrips(
  tx: Tx,
  actor: Actor,
  catalogId: number,
  tripIds: number[],
  owner: boolean,
) {
  const current = await tx.catalogTrip.findMany({
    where: { catalogId, trip: { deletedAt: null } },
    select: { tripId: true, trip: { select: { accountId: true } } },
  });
  await assertReadable(tx, actor, tripIds, new Set(current.map((link) => link.tripId)));
  if (!owner) {
    const kept = new Set(tripIds);
    const removedOthers = current.filter(
      (link) => link.trip.accountId !== actor.accountId && !kept.has(link.tripId),
    );
    if (removedOthers.length)
      throw new ForbiddenError(
        'In a shared catalog you can only remove trips of your own account.',
      );
  }
  // Links of trips in the trash stay, so a restored trip comes back to its catalogs.
  await tx.catalogTrip.deleteMany({
    where: { catalogId, tripId: { notIn: tripIds }, trip: { deletedAt: null } },
  });
  await placeTrips(tx, catalogId, tripIds, actor.accountId);
}

/** Trips added to a catalog must be readable by the caller; those already in it may stay. */
async function assertReadable(
  tx: Tx,
  actor: Actor,
  tripIds: readonly number[],
  alreadyIn: ReadonlySet<number>,
) {
  const added = tripIds.filter((id) => !alreadyIn.has(id));
  if (added.length === 0) return;
  const readable = new Set(
    (
      await tx.trip.findMany({
        where: { id: { in: added }, ...readableTrips(actor) },
        select: { id: true },
      })
    ).map((t) => t.id),
  );
  const errors: Record<string, string[]> = {};
  tripIds.forEach((id, index) => {
    if (!alreadyIn.has(id) && !readable.has(id))
      errors[`tripIds[${index}]`] = [`Trip ${id} not found.`];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Puts the trips at their positions in one statement; existing links keep who added them. */
async function placeTrips(
  tx: Tx,
  catalogId: number,
  tripIds: readonly number[],
  accountId: number,
) {
  if (tripIds.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO catalog_trips (catalog_id, trip_id, position, added_by_account_id)
    SELECT ${catalogId}, ids.trip_id, ids.position - 1, ${accountId}
    FROM unnest(${tripIds}::int[]) WITH ORDINALITY AS ids(trip_id, position)
    ON CONFLICT (catalog_id, trip_id) DO UPDATE SET position = EXCLUDED.position`;
}

export async function deleteCatalog(w: Writer, id: number): Promise<void> {
  if ((await deleteCatalogs(w, [id])) === 1) return;
  if (await w.prisma.catalog.count({ where: { id, ...readableCatalogs(w.actor) } }))
    throw notOwner();
  throw catalogNotFound();
}

/** To the trash, one catalog.deleted each. Ids that are missing, already deleted or not the caller's account's are skipped. */
export async function deleteCatalogs(w: Writer, ids: readonly number[]): Promise<number> {
  if (ids.length > LIMITS.bulkDeleteMax)
    throw ValidationError.field('catalogIds', `At most ${LIMITS.bulkDeleteMax} ids a call.`);
  return w.prisma.$transaction(async (tx) => {
    const catalogs = await tx.catalog.updateManyAndReturn({
      where: { id: { in: [...new Set(ids)] }, accountId: w.actor.accountId, deletedAt: null },
      data: { deletedAt: w.now },
      select: { id: true },
    });
    for (const { id } of catalogs) {
      const data = async () => deletedCatalogEventData((await readCatalogForEvent(tx, id))!);
      await w.events.record(tx, {
        type: 'catalog.deleted',
        accountId: w.actor.accountId,
        resource: 'catalog',
        resourceId: id,
        data,
      });
    }
    return catalogs.length;
  });
}

/** A copy in the caller's account, not shared, not public, with the trips the caller can read. */
export async function duplicateCatalog(
  w: Writer,
  id: number,
  title: string | undefined,
  query: Query = {},
) {
  const { actor } = w;
  const source = await w.prisma.catalog.findFirst({
    where: { id, ...readableCatalogs(actor) },
    include: { tripLinks: { ...liveLinks, where: { trip: readableTrips(actor) } } },
  });
  if (!source) throw catalogNotFound();
  const {
    subtitle,
    description,
    seoDescription,
    pictureUrl,
    logoUrl,
    accountLogo,
    filterCountries,
    filterMonth,
    filterDuration,
  } = source;
  return createCatalog(
    w,
    {
      title: title ?? copyTitle(source.title),
      subtitle,
      description,
      seoDescription,
      pictureUrl,
      logoUrl,
      accountLogo,
      filters: { countries: filterCountries, month: filterMonth, duration: filterDuration },
      tripIds: source.tripLinks.map((link) => link.tripId),
    },
    query,
  );
}

/** The catalog's trips the caller can read, in catalog order. */
export function catalogTripsWhere(actor: Actor, catalogId: number): Prisma.CatalogTripWhereInput {
  return { catalogId, trip: readableTrips(actor) };
}

/** Restoring a catalog sends no event (docs/decisions.md#events-and-webhooks). */
export async function restoreCatalog(w: Writer, id: number, query: Query = {}) {
  const { count } = await w.prisma.catalog.updateMany({
    where: { id, ...trashWhere(w.actor, w.now) },
    data: { deletedAt: null },
  });
  if (count === 0) throw catalogNotFound();
  return w.prisma.catalog.findUniqueOrThrow({ ...query, where: { id } });
}

/** Erases catalogs deleted over 90 days ago (their trip links go with them). */
export async function purgeCatalogTrash(prisma: PrismaClient, now: Date): Promise<number> {
  const { count } = await prisma.catalog.deleteMany({
    where: { deletedAt: { not: null, lt: retentionCutoff(now) } },
  });
  return count;
}

/** `GET /catalogs/public/{idOrSlug}`: a public catalog outside the trash, by id or slug. */
export async function getPublicCatalog(prisma: PrismaClient, idOrSlug: string, query: Query = {}) {
  const key = /^\d{1,9}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
  const catalog = await prisma.catalog.findFirst({
    ...query,
    where: { ...key, isPublic: true, deletedAt: null },
  });
  if (!catalog) throw catalogNotFound();
  return catalog;
}

/** The filters a public catalog page offers its visitors (docs/pages.md). */
export interface PublicTripFilters {
  /** ISO 3166-1 alpha-3: trips that visit it. */
  country?: string | null;
  /** YYYY-MM: trips that start in that month. */
  month?: string | null;
  /** Days, inclusive. */
  minDuration?: number | null;
  maxDuration?: number | null;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** What a public page lists: public trips outside the trash, within the visitor's filters. */
export function publicCatalogTripsWhere(
  catalogId: number,
  filters: PublicTripFilters = {},
): Prisma.CatalogTripWhereInput {
  const trip: Prisma.TripWhereInput = { deletedAt: null, visibility: 'public' };
  if (filters.country) trip.countries = { has: filters.country.toUpperCase() };
  if (filters.month) {
    const match = MONTH.exec(filters.month);
    if (!match) throw ValidationError.field('month', 'Must be a month such as 2026-05.');
    const [year, month] = [Number(match[1]), Number(match[2])];
    trip.dateStart = {
      gte: new Date(Date.UTC(year, month - 1, 1)),
      lt: new Date(Date.UTC(year, month, 1)),
    };
  }
  if (filters.minDuration != null || filters.maxDuration != null)
    trip.duration = {
      ...(filters.minDuration != null ? { gte: filters.minDuration } : {}),
      ...(filters.maxDuration != null ? { lte: filters.maxDuration } : {}),
    };
  return { catalogId, trip };
}

/** The countries its public trips visit and the months they start in: a page's filter options. */
export async function publicCatalogFacets(prisma: PrismaClient, catalogId: number) {
  const links = await prisma.catalogTrip.findMany({
    where: publicCatalogTripsWhere(catalogId),
    select: { trip: { select: { countries: true, dateStart: true } } },
  });
  const countries = new Set<string>();
  const months = new Set<string>();
  for (const { trip } of links) {
    for (const country of trip.countries) countries.add(country);
    if (trip.dateStart) months.add(trip.dateStart.toISOString().slice(0, 7));
  }
  return { countries: [...countries].sort(), months: [...months].sort() };
}
