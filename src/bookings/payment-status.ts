// A booking's `paymentStatus` follows from its payment links
// (docs/decisions.md#bookings-and-payment-links). Cancelled and expired links no longer count.
import type { BookingPaymentStatus, PaymentLinkStatus } from '../generated/prisma/enums.ts';

export function paymentStatusOf(
  booking: { lifecycleStatus: string },
  links: ReadonlyArray<{ status: PaymentLinkStatus }>,
): BookingPaymentStatus {
  if (booking.lifecycleStatus === 'cancelled') return 'cancelled';
  const live = links.filter((l) => l.status !== 'cancelled' && l.status !== 'expired');
  if (live.length === 0) return 'no_payment_required';
  if (live.every((l) => l.status === 'refunded')) return 'fully_refunded';
  if (live.some((l) => l.status === 'past_due')) return 'past_due';
  const owed = live.filter((l) => l.status !== 'refunded');
  if (owed.every((l) => l.status === 'paid')) return 'fully_paid';
  // Nothing due now: what is not paid is scheduled for later.
  if (owed.every((l) => l.status === 'paid' || l.status === 'scheduled')) return 'up_to_date';
  return 'outstanding';
}
