// A trip as events carry it (docs/decisions.md#events-and-webhooks): its shape (trip.shape.ts), the
// one GET /trips/{tripId} answers, plus `deletedAt` on trip.deleted.
import type { Prisma, Trip } from '../db/prisma.ts';
import type { TripShape } from './trip.shape.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function tripPayload(trip: Trip): TripShape {
  return {
    id: trip.id,
    title: trip.title,
    slug: trip.slug,
    joinCode: trip.joinCode,
    seoDescription: trip.seoDescription,
    duration: trip.duration,
    dateStart: iso(trip.dateStart),
    dateFinish: iso(trip.dateFinish),
    dateExpiration: iso(trip.dateExpiration),
    code: trip.code,
    logo: trip.logo,
    countries: trip.countries,
    imageUrl: trip.imageUrl,
    agentId: trip.agentId,
    template: trip.template,
    visibility: trip.visibility,
    accountId: trip.accountId,
    createdAt: trip.createdAt.toISOString(),
    updatedAt: trip.updatedAt.toISOString(),
    visualizations: trip.visualizations,
  };
}

/** `{trip}` for a trip outside the trash, else null. */
export async function loadTripEventData(tx: Prisma.TransactionClient, id: number) {
  const trip = await tx.trip.findFirst({ where: { id, deletedAt: null } });
  return trip ? { trip: tripPayload(trip) } : null;
}

/** `{trip}` of trip.deleted: the trip as at deletion, with `deletedAt`. */
export const deletedTripEventData = (trip: Trip) => ({
  trip: { ...tripPayload(trip), deletedAt: iso(trip.deletedAt) },
});
