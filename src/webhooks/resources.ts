// The resources events carry, by name: how to read one as its event `data` (`{trip}`,
// `{catalog}`...). A domain plugs its events in by adding its loader here.
import type { Prisma } from '../db/prisma.ts';
import { loadBookingEventData, loadPaymentEventData } from '../bookings/booking.payload.ts';
import { loadCatalogEventData } from '../catalogs/catalog.payload.ts';
import { loadTripEventData } from '../trips/trip.payload.ts';

type Loader = (tx: Prisma.TransactionClient, id: number) => Promise<object | null>;

const LOADERS = {
  trip: loadTripEventData,
  catalog: loadCatalogEventData,
  booking: loadBookingEventData,
  payment: loadPaymentEventData,
} satisfies Record<string, Loader>;

export type ResourceName = keyof typeof LOADERS;

export const loadResource = (tx: Prisma.TransactionClient, name: ResourceName, id: number) =>
  LOADERS[name](tx, id);
