// The shapes of a booking and of a payment link as their events carry them (field by field,
// docs/decisions.md#bookings-and-payment-links), written once: the document's Booking and Payment
// schemas are converted from them and the event payloads are typed by them. Bookings and payment
// links have no REST paths: only their events are public.
import { z } from 'zod';
import { id, timestamp, url } from '../shared/shape-parts.ts';

const cents = () => z.int().min(0).meta({ description: 'Cents.' });

const checkoutShape = z.object({
  seats: z.int().min(1),
  pricingMode: z.enum(['fixed', 'multi_category']),
  products: z.object({
    priceSeatAmount: cents().nullable().optional(),
    priceTitle: z.string().nullable().optional(),
    categorySelections: z.unknown().optional(),
  }),
  paymentMethod: z.string().nullable().optional(),
  paymentType: z.enum(['full', 'installment']).nullable().optional(),
  total: cents().nullable().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .meta({ description: 'ISO 4217.' }),
});

export const bookingShape = z
  .object({
    id: id(),
    code: z.string().meta({ description: 'Human-readable booking code.' }),
    tripId: id(),
    seats: z.int().min(1),
    lifecycleStatus: z.enum(['pending', 'active', 'cancelled']),
    paymentStatus: z.enum([
      'no_payment_required',
      'outstanding',
      'up_to_date',
      'past_due',
      'fully_paid',
      'fully_refunded',
      'cancelled',
    ]),
    buyerName: z.string(),
    buyerSurname: z.string(),
    buyerEmail: z.email(),
    buyerPhoneNumber: z.string().nullable(),
    buyerPostalCode: z.string().nullable(),
    buyerTaxid: z.string().nullable(),
    buyerCompanyName: z.string().nullable(),
    buyerLegalAddress: z.string().nullable(),
    buyerCountry: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: 'ISO 3166-1 alpha-2.' })
      .nullable(),
    checkout: checkoutShape.nullable(),
    notes: z.array(
      z.object({ id: z.uuid(), content: z.string(), agentId: id(), private: z.boolean() }),
    ),
    extRecordId: z.int().nullable(),
    extRecordCode: z.string().nullable(),
    extCustomerId: z.int().nullable(),
    extOfficeCode: z.string().nullable(),
    extSalesBookingId: z.int().nullable(),
    extCostBookingId: z.int().nullable(),
    cancelledAt: timestamp().nullable(),
    cancellationReason: z.string().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ description: 'A booking as its events carry it.' });
export type BookingShape = z.output<typeof bookingShape>;

export const paymentShape = z
  .object({
    id: id(),
    code: z.string().meta({ description: 'Unique payment link code.' }),
    bookingId: id().nullable(),
    concept: z.string(),
    amount: cents(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    status: z.enum([
      'pending',
      'paid',
      'failed',
      'refunded',
      'scheduled',
      'past_due',
      'expired',
      'cancelled',
    ]),
    paymentMethod: z.enum(['card', 'transfer', 'us_bank_account', 'manual']).nullable(),
    receiptUrl: url().nullable(),
    paidAt: timestamp().nullable(),
    refundedAt: timestamp().nullable(),
    expiresAt: timestamp().nullable(),
    scheduledAt: timestamp().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ description: 'The payment link that triggered the event.' });
export type PaymentShape = z.output<typeof paymentShape>;

/** The document's components, by name. */
export const BOOKING_SHAPES = { Booking: bookingShape, Payment: paymentShape };

export const exampleBooking: BookingShape = {
  id: 12,
  code: 'BK-7KQ2M9XD',
  tripId: 1,
  seats: 2,
  lifecycleStatus: 'pending',
  paymentStatus: 'outstanding',
  buyerName: 'Ana',
  buyerSurname: 'García',
  buyerEmail: 'ana@example.com',
  buyerPhoneNumber: '+34600111222',
  buyerPostalCode: '28001',
  buyerTaxid: null,
  buyerCompanyName: null,
  buyerLegalAddress: null,
  buyerCountry: 'ES',
  checkout: {
    seats: 2,
    pricingMode: 'fixed',
    products: { priceSeatAmount: 125000, priceTitle: 'Standard' },
    paymentMethod: 'card',
    paymentType: 'installment',
    total: 250000,
    currency: 'EUR',
  },
  notes: [
    {
      id: '0b6f7a52-3c1d-4e8f-9a2b-5c7d9e1f3a4b',
      content: 'Vegetarian meals',
      agentId: 1,
      private: false,
    },
  ],
  extRecordId: null,
  extRecordCode: null,
  extCustomerId: null,
  extOfficeCode: null,
  extSalesBookingId: null,
  extCostBookingId: null,
  cancelledAt: null,
  cancellationReason: null,
  createdAt: '2026-04-03T10:00:00.000Z',
  updatedAt: '2026-04-03T10:15:00.000Z',
};

export const examplePayment: PaymentShape = {
  id: 30,
  code: 'PL-X4M8Q2ZK7A',
  bookingId: 12,
  concept: 'Deposit',
  amount: 50000,
  currency: 'EUR',
  status: 'paid',
  paymentMethod: 'card',
  receiptUrl: 'https://pay.example/receipts/30',
  paidAt: '2026-04-03T10:15:00.000Z',
  refundedAt: null,
  expiresAt: null,
  scheduledAt: null,
  createdAt: '2026-04-03T10:05:00.000Z',
  updatedAt: '2026-04-03T10:15:00.000Z',
};
