// Bookings (docs/decisions.md#bookings-and-payment-links): created by a traveler joining a trip by
// its join code, by an agent from a completed checkout or by hand; activated after payment;
// cancelled with a reason. Each change records exactly the events the product names, in its
// transaction: booking.created on creation; booking.updated on cancel, activation, a payment status
// change, and traveler changes. Notes and back-office fields change no event.
import type { Actor } from '../auth/actor.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { CODE_ALPHABET, isUuid, randomString } from '../shared/identifiers.ts';
import type { Writer } from '../writer.ts';
import type { EventRecorder } from '../webhooks/events.ts';
import { loadBookingEventData } from './booking.payload.ts';
import type { CreateBookingInput, JoinTripInput, TravelerInput } from './booking.input.ts';
import { paymentStatusOf } from './payment-status.ts';

type Tx = Prisma.TransactionClient;
type Query = { include?: Prisma.BookingInclude; select?: Prisma.BookingSelect };

export const bookingNotFound = () => new NotFoundError('Booking not found.');
/** A move the booking's or payment link's state does not allow. */
export const invalidTransition = (message: string) =>
  new BadRequestError('invalid_transition', message);

const newBookingCode = () => `BK-${randomString(CODE_ALPHABET, 8)}`;

export const bookingEvent = (
  events: EventRecorder,
  tx: Tx,
  booking: { id: number; accountId: number },
  type: 'booking.created' | 'booking.updated',
) =>
  events.record(tx, {
    type,
    accountId: booking.accountId,
    resource: 'booking',
    resourceId: booking.id,
    data: async () => (await loadBookingEventData(tx, booking.id))!,
  });

async function ownBooking(tx: Tx | PrismaClient, actor: Actor, id: number) {
  const booking = await tx.booking.findFirst({ where: { id, accountId: actor.accountId } });
  if (!booking) throw bookingNotFound();
  return booking;
}

export async function getBooking(
  prisma: PrismaClient,
  actor: Actor,
  id: number,
  query: Query = {},
) {
  const booking = await prisma.booking.findFirst({
    ...query,
    where: { id, accountId: actor.accountId },
  });
  if (!booking) throw bookingNotFound();
  return booking;
}

/** By an agent: by hand, or from a completed checkout (then `checkout` holds it). */
export async function createBooking(w: Writer, input: CreateBookingInput, query: Query = {}) {
  const { tripId, travelers = [], checkout, seats, ...buyer } = input;
  return w.prisma.$transaction(async (tx) => {
    const trip = await tx.trip.findFirst({
      where: { id: tripId, accountId: w.actor.accountId, deletedAt: null },
      select: { id: true },
    });
    if (!trip) throw new NotFoundError('Trip not found.');
    const booking = await tx.booking.create({
      data: {
        ...buyer,
        tripId,
        accountId: w.actor.accountId,
        code: newBookingCode(),
        seats: seats ?? checkout?.seats ?? 1,
        checkout: (checkout ?? undefined) as Prisma.InputJsonObject | undefined,
        travelers: { create: travelers },
      },
      select: { id: true, accountId: true },
    });
    await bookingEvent(w.events, tx, booking, 'booking.created');
    return tx.booking.findUniqueOrThrow({ ...query, where: { id: booking.id } });
  });
}

/** A traveler joins a trip by its join code (public: no key). A private or deleted trip cannot be joined. */
export async function joinTrip(
  deps: { prisma: PrismaClient; events: EventRecorder },
  input: JoinTripInput,
  query: Query = {},
) {
  const { joinCode, tripSlug, seats, answers, ...buyer } = input;
  return deps.prisma.$transaction(async (tx) => {
    const trip = await tx.trip.findFirst({
      where: { joinCode, deletedAt: null, ...(tripSlug !== undefined ? { slug: tripSlug } : {}) },
      select: { id: true, accountId: true, agentId: true },
    });
    if (!trip) throw new NotFoundError('No trip has this join code.');
    const booking = await tx.booking.create({
      data: {
        ...buyer,
        tripId: trip.id,
        accountId: trip.accountId,
        code: newBookingCode(),
        seats: seats ?? 1,
        // The answers travel as a note (the booking's shape has no other place for them),
        // written in the name of the trip's agent: a note has an author, a traveller is none.
        ...(answers?.length
          ? {
              notes: {
                create: {
                  id: crypto.randomUUID(),
                  agentId: trip.agentId,
                  content: answers.map((a) => `${a.label}: ${a.value}`).join('\n'),
                  private: false,
                },
              },
            }
          : {}),
      },
      select: { id: true, accountId: true },
    });
    await bookingEvent(deps.events, tx, booking, 'booking.created');
    return tx.booking.findUniqueOrThrow({ ...query, where: { id: booking.id } });
  });
}

/** pending → active, once paid (or when nothing is to be paid). */
export async function activateBooking(w: Writer, id: number, query: Query = {}) {
  return w.prisma.$transaction(async (tx) => {
    const booking = await ownBooking(tx, w.actor, id);
    if (booking.lifecycleStatus !== 'pending')
      throw invalidTransition(
        `The booking is ${booking.lifecycleStatus}: only a pending booking can be activated.`,
      );
    if (!['fully_paid', 'up_to_date', 'no_payment_required'].includes(booking.paymentStatus)) {
      throw invalidTransition(
        `The booking's payment is ${booking.paymentStatus}: it can be activated once paid.`,
      );
    }
    await tx.booking.update({ where: { id }, data: { lifecycleStatus: 'active' } });
    await bookingEvent(w.events, tx, booking, 'booking.updated');
    return tx.booking.findUniqueOrThrow({ ...query, where: { id } });
  });
}

/** From pending or active. Links not paid or refunded are cancelled with it. One booking.updated. */
export async function cancelBooking(w: Writer, id: number, reason: string, query: Query = {}) {
  return w.prisma.$transaction(async (tx) => {
    const booking = await ownBooking(tx, w.actor, id);
    if (booking.lifecycleStatus === 'cancelled')
      throw invalidTransition('The booking is already cancelled.');
    await tx.paymentLink.updateMany({
      where: { bookingId: id, status: { notIn: ['paid', 'refunded'] } },
      data: { status: 'cancelled' },
    });
    await tx.booking.update({
      where: { id },
      data: {
        lifecycleStatus: 'cancelled',
        paymentStatus: 'cancelled',
        cancelledAt: w.now,
        cancellationReason: reason,
      },
    });
    await bookingEvent(w.events, tx, booking, 'booking.updated');
    return tx.booking.findUniqueOrThrow({ ...query, where: { id } });
  });
}

/** Recomputes `paymentStatus` from the links; a change is a booking.updated. */
export async function syncPaymentStatus(
  tx: Tx,
  events: EventRecorder,
  bookingId: number,
): Promise<boolean> {
  const booking = await tx.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { paymentLinks: { select: { status: true } } },
  });
  const status = paymentStatusOf(booking, booking.paymentLinks);
  if (status === booking.paymentStatus) return false;
  await tx.booking.update({ where: { id: bookingId }, data: { paymentStatus: status } });
  await bookingEvent(events, tx, booking, 'booking.updated');
  return true;
}

async function changeTravelers(w: Writer, bookingId: number, change: (tx: Tx) => Promise<unknown>) {
  return w.prisma.$transaction(async (tx) => {
    const booking = await ownBooking(tx, w.actor, bookingId);
    if (booking.lifecycleStatus === 'cancelled')
      throw invalidTransition('The booking is cancelled.');
    await change(tx);
    await tx.booking.update({ where: { id: bookingId }, data: { updatedAt: w.now } });
    await bookingEvent(w.events, tx, booking, 'booking.updated');
    return booking;
  });
}

export const addTraveler = (w: Writer, bookingId: number, input: TravelerInput) =>
  changeTravelers(w, bookingId, (tx) =>
    tx.bookingTraveler.create({ data: { ...input, bookingId } }),
  );

async function travelerBooking(w: Writer, travelerId: number) {
  const traveler = await w.prisma.bookingTraveler.findFirst({
    where: { id: travelerId, booking: { accountId: w.actor.accountId } },
    select: { bookingId: true },
  });
  if (!traveler) throw new NotFoundError('Traveler not found.');
  return traveler.bookingId;
}

export async function updateTraveler(w: Writer, travelerId: number, input: Partial<TravelerInput>) {
  return changeTravelers(w, await travelerBooking(w, travelerId), (tx) =>
    tx.bookingTraveler.update({ where: { id: travelerId }, data: input }),
  );
}

export async function removeTraveler(w: Writer, travelerId: number) {
  return changeTravelers(w, await travelerBooking(w, travelerId), (tx) =>
    tx.bookingTraveler.delete({ where: { id: travelerId } }),
  );
}

/** Notes and back-office fields: no event (they are not among booking.updated's triggers). */
export async function addNote(w: Writer, bookingId: number, content: string, isPrivate: boolean) {
  await ownBooking(w.prisma, w.actor, bookingId);
  return w.prisma.bookingNote.create({
    data: {
      id: crypto.randomUUID(),
      bookingId,
      agentId: w.actor.agentId,
      content,
      private: isPrivate,
    },
  });
}

export async function removeNote(w: Writer, noteId: string) {
  // Notes have UUIDs: any other id names no note.
  if (!isUuid(noteId)) throw new NotFoundError('Note not found.');
  const { count } = await w.prisma.bookingNote.deleteMany({
    where: { id: noteId, booking: { accountId: w.actor.accountId } },
  });
  if (count === 0) throw new NotFoundError('Note not found.');
}

export async function setBackOffice(
  w: Writer,
  bookingId: number,
  fields: Prisma.BookingUpdateInput,
  query: Query = {},
) {
  await ownBooking(w.prisma, w.actor, bookingId);
  return w.prisma.booking.update({ ...query, where: { id: bookingId }, data: fields });
}
