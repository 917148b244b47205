// Bookings and payment links as events carry them (docs/decisions.md#bookings-and-payment-links):
// their shapes (booking.shape.ts), field by field.
import type { Prisma } from '../db/prisma.ts';
import type { BookingShape, PaymentShape } from './booking.shape.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type BookingRow = Prisma.BookingGetPayload<{ include: { notes: true } }>;
type PaymentRow = Prisma.PaymentLinkGetPayload<object>;

export function bookingPayload(b: BookingRow): BookingShape {
  return {
    id: b.id,
    code: b.code,
    tripId: b.tripId,
    seats: b.seats,
    lifecycleStatus: b.lifecycleStatus,
    paymentStatus: b.paymentStatus,
    buyerName: b.buyerName,
    buyerSurname: b.buyerSurname,
    buyerEmail: b.buyerEmail,
    buyerPhoneNumber: b.buyerPhoneNumber,
    buyerPostalCode: b.buyerPostalCode,
    buyerTaxid: b.buyerTaxid,
    buyerCompanyName: b.buyerCompanyName,
    buyerLegalAddress: b.buyerLegalAddress,
    buyerCountry: b.buyerCountry,
    // Stored as JSON, written only after the checkout input's validation.
    checkout: (b.checkout ?? null) as BookingShape['checkout'],
    notes: [...b.notes]
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())
      .map((n) => ({ id: n.id, content: n.content, agentId: n.agentId, private: n.private })),
    extRecordId: b.extRecordId,
    extRecordCode: b.extRecordCode,
    extCustomerId: b.extCustomerId,
    extOfficeCode: b.extOfficeCode,
    extSalesBookingId: b.extSalesBookingId,
    extCostBookingId: b.extCostBookingId,
    cancelledAt: iso(b.cancelledAt),
    cancellationReason: b.cancellationReason,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

export function paymentPayload(p: PaymentRow): PaymentShape {
  return {
    id: p.id,
    code: p.code,
    bookingId: p.bookingId,
    concept: p.concept,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    paymentMethod: p.paymentMethod,
    receiptUrl: p.receiptUrl,
    paidAt: iso(p.paidAt),
    refundedAt: iso(p.refundedAt),
    expiresAt: iso(p.expiresAt),
    scheduledAt: iso(p.scheduledAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function loadBookingEventData(tx: Prisma.TransactionClient, id: number) {
  const booking = await tx.booking.findUnique({ where: { id }, include: { notes: true } });
  return booking ? { booking: bookingPayload(booking) } : null;
}

export async function loadPaymentEventData(tx: Prisma.TransactionClient, id: number) {
  const payment = await tx.paymentLink.findUnique({ where: { id } });
  return payment ? { payment: paymentPayload(payment) } : null;
}
