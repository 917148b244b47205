// Payment links (docs/decisions.md#bookings-and-payment-links): created by an agent, settled by the
// payment gateway's callbacks (a mutation stands for them) or by an agent, expired by a daily job.
// Events: payment.succeeded, payment.failed, payment.refunded for the link; booking.updated when
// the booking's paymentStatus changes as a result.
import type { Actor } from '../auth/actor.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { NotFoundError } from '../errors.ts';
import type { PaymentLinkStatus } from '../generated/prisma/enums.ts';
import { CODE_ALPHABET, randomString } from '../shared/identifiers.ts';
import type { Writer } from '../writer.ts';
import type { EventRecorder } from '../webhooks/events.ts';
import type { PaymentLinkInput } from './booking.input.ts';
import { loadPaymentEventData } from './booking.payload.ts';
import { bookingNotFound, invalidTransition, syncPaymentStatus } from './booking.service.ts';

type Tx = Prisma.TransactionClient;
type PaymentEvent = 'payment.succeeded' | 'payment.failed' | 'payment.refunded';

export const GATEWAY_RESULTS = [
  'charge_succeeded',
  'charge_failed',
  'installment_succeeded',
  'installment_failed',
  'refund_completed',
] as const;
export type GatewayResult = (typeof GATEWAY_RESULTS)[number];

/** Each settlement: the states it may start from, where it goes, the event it fires. */
const MOVES: Record<
  GatewayResult | 'mark_paid' | 'mark_refunded',
  { from: PaymentLinkStatus[]; to: PaymentLinkStatus; event: PaymentEvent }
> = {
  charge_succeeded: {
    from: ['pending', 'failed', 'past_due'],
    to: 'paid',
    event: 'payment.succeeded',
  },
  charge_failed: { from: ['pending'], to: 'failed', event: 'payment.failed' },
  installment_succeeded: {
    from: ['scheduled', 'past_due'],
    to: 'paid',
    event: 'payment.succeeded',
  },
  installment_failed: { from: ['scheduled'], to: 'past_due', event: 'payment.failed' },
  refund_completed: { from: ['paid'], to: 'refunded', event: 'payment.refunded' },
  mark_paid: {
    from: ['pending', 'failed', 'past_due', 'scheduled'],
    to: 'paid',
    event: 'payment.succeeded',
  },
  mark_refunded: { from: ['paid'], to: 'refunded', event: 'payment.refunded' },
};

export const paymentLinkNotFound = () => new NotFoundError('Payment link not found.');

const paymentEvent = (
  events: EventRecorder,
  tx: Tx,
  link: { id: number; accountId: number },
  type: PaymentEvent,
) =>
  events.record(tx, {
    type,
    accountId: link.accountId,
    resource: 'payment',
    resourceId: link.id,
    data: async () => (await loadPaymentEventData(tx, link.id))!,
  });

export async function getPaymentLink(prisma: PrismaClient, actor: Actor, id: number) {
  const link = await prisma.paymentLink.findFirst({ where: { id, accountId: actor.accountId } });
  if (!link) throw paymentLinkNotFound();
  return link;
}

/** `scheduled` when due later (an installment), else `pending`. */
export async function createPaymentLink(w: Writer, input: PaymentLinkInput) {
  const { bookingId, scheduledAt, ...fields } = input;
  return w.prisma.$transaction(async (tx) => {
    if (bookingId) {
      const booking = await tx.booking.findFirst({
        where: { id: bookingId, accountId: w.actor.accountId },
        select: { lifecycleStatus: true },
      });
      if (!booking) throw bookingNotFound();
      if (booking.lifecycleStatus === 'cancelled')
        throw invalidTransition('The booking is cancelled.');
    }
    const link = await tx.paymentLink.create({
      data: {
        ...fields,
        bookingId: bookingId ?? null,
        scheduledAt: scheduledAt ?? null,
        accountId: w.actor.accountId,
        code: `PL-${randomString(CODE_ALPHABET, 10)}`,
        status: scheduledAt && scheduledAt > w.now ? 'scheduled' : 'pending',
      },
    });
    if (bookingId) await syncPaymentStatus(tx, w.events, bookingId);
    return link;
  });
}

/** A gateway callback or an agent's mark: moves the link, fires its event, updates the booking. */
export async function settlePaymentLink(
  w: Writer,
  id: number,
  move: keyof typeof MOVES,
  receiptUrl?: string | null,
) {
  const { from, to, event } = MOVES[move];
  return w.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ status: PaymentLinkStatus }>>`
      SELECT status::text AS status FROM payment_links WHERE id = ${id} AND account_id = ${w.actor.accountId} FOR UPDATE`;
    if (!locked) throw paymentLinkNotFound();
    if (!from.includes(locked.status))
      throw invalidTransition(
        `The payment link is ${locked.status}: ${move.replace('_', ' ')} is not possible.`,
      );
    const link = await tx.paymentLink.update({
      where: { id },
      data: {
        status: to,
        ...(to === 'paid' && { paidAt: w.now }),
        ...(to === 'refunded' && { refundedAt: w.now }),
        ...(move === 'mark_paid' && { paymentMethod: 'manual' as const }),
        ...(receiptUrl && { receiptUrl }),
      },
    });
    await paymentEvent(w.events, tx, link, event);
    if (link.bookingId) await syncPaymentStatus(tx, w.events, link.bookingId);
    return link;
  });
}

/** Daily: unpaid links past `expiresAt` expire; their bookings' paymentStatus follows. */
export async function expirePaymentLinks(
  prisma: PrismaClient,
  events: EventRecorder,
  now: Date,
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const expired = await tx.paymentLink.updateManyAndReturn({
      where: { status: { in: ['pending', 'scheduled'] }, expiresAt: { lt: now } },
      data: { status: 'expired' },
      select: { bookingId: true },
    });
    const bookings = new Set(
      expired.map((l) => l.bookingId).filter((id): id is number => id !== null),
    );
    for (const bookingId of bookings) await syncPaymentStatus(tx, events, bookingId);
    return expired.length;
  });
}
