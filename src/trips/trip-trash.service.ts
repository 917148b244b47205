// The trash (docs/decisions.md#trips): deleted trips stay restorable for 90 days, then a daily job
// erases them with everything that hangs off them (configuration, views, catalog places).
import type { Actor } from '../auth/actor.ts';
import { DURATIONS } from '../config/constants.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import type { Writer } from '../writer.ts';
import { catalogsChanged, notFound } from './trip.service.ts';

type Query = { include?: Prisma.TripInclude; select?: Prisma.TripSelect };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trips deleted before this instant are past the retention period. */
export const retentionCutoff = (now: Date) =>
  new Date(now.getTime() - DURATIONS.trashRetentionDays * DAY_MS);
/** When a trip deleted at `deletedAt` stops being restorable. */
export const restorableUntil = (deletedAt: Date) =>
  new Date(deletedAt.getTime() + DURATIONS.trashRetentionDays * DAY_MS);

/** The account's trash (trips or catalogs): what was deleted and can still be restored. */
export const trashWhere = (actor: Actor, now: Date) => ({
  accountId: actor.accountId,
  deletedAt: { not: null, gte: retentionCutoff(now) },
});

/**
 * No trip.* event (docs/decisions.md#events-and-webhooks); the catalogs holding it changed again.
 */
export async function restoreTrip(w: Writer, id: number, query: Query = {}) {
  return w.prisma.$transaction(async (tx) => {
    const { count } = await tx.trip.updateMany({
      where: { id, ...trashWhere(w.actor, w.now) },
      data: { deletedAt: null, deletedById: null },
    });
    if (count === 0) throw notFound();
    await catalogsChanged(tx, w, [id]);
    return tx.trip.findUniqueOrThrow({ ...query, where: { id } });
  });
}

const PURGE_BATCH = 500;

/**
 * Erases trips deleted over 90 days ago, in batches so no statement holds many locks for long.
 * Counted views older than the counting window go too: they can no longer suppress a count.
 */
export async function purgeTrash(
  prisma: PrismaClient,
  now: Date,
): Promise<{ trips: number; views: number }> {
  const cutoff = retentionCutoff(now);
  let trips = 0;
  for (;;) {
    const erased = await prisma.$executeRaw`
      DELETE FROM trips WHERE id IN (
        SELECT id FROM trips WHERE deleted_at IS NOT NULL AND deleted_at < ${cutoff} ORDER BY deleted_at LIMIT ${PURGE_BATCH}
      )`;
    trips += erased;
    if (erased < PURGE_BATCH) break;
  }
  const views = await prisma.$executeRaw`
    DELETE FROM trip_views WHERE last_counted_at < ${new Date(now.getTime() - DURATIONS.viewCountWindowMs)}`;
  return { trips, views };
}
