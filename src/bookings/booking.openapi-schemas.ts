// The booking and payment payloads of events (service-spec "Payload shapes", field by field), and
// examples of them. Bookings and payment links have no REST paths: only their events are public.
import { id, nullable, timestamp, url } from '../openapi/schema-parts.ts';
import type { Schema } from '../openapi/types.ts';

const text = { type: 'string' } as const;
const cents: Schema = { type: 'integer', minimum: 0, description: 'Cents.' };

const bookingProperties: Record<string, Schema> = {
  id,
  code: { ...text, description: 'Human-readable booking code.' },
  tripId: id,
  seats: { type: 'integer', minimum: 1 },
  lifecycleStatus: { type: 'string', enum: ['pending', 'active', 'cancelled'] },
  paymentStatus: {
    type: 'string',
    enum: [
      'no_payment_required',
      'outstanding',
      'up_to_date',
      'past_due',
      'fully_paid',
      'fully_refunded',
      'cancelled',
    ],
  },
  buyerName: text,
  buyerSurname: text,
  buyerEmail: { type: 'string', format: 'email' },
  buyerPhoneNumber: nullable(text),
  buyerPostalCode: nullable(text),
  buyerTaxid: nullable(text),
  buyerCompanyName: nullable(text),
  buyerLegalAddress: nullable(text),
  buyerCountry: nullable({
    type: 'string',
    pattern: '^[A-Z]{2}$',
    description: 'ISO 3166-1 alpha-2.',
  }),
  checkout: nullable({
    type: 'object',
    required: ['seats', 'pricingMode', 'products', 'currency'],
    properties: {
      seats: { type: 'integer', minimum: 1 },
      pricingMode: { type: 'string', enum: ['fixed', 'multi_category'] },
      products: {
        type: 'object',
        properties: {
          priceSeatAmount: nullable(cents),
          priceTitle: nullable(text),
          categorySelections: {},
        },
      },
      paymentMethod: nullable(text),
      paymentType: nullable({ type: 'string', enum: ['full', 'installment'] }),
      total: nullable(cents),
      currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217.' },
    },
  }),
  notes: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'content', 'agentId', 'private'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        content: text,
        agentId: id,
        private: { type: 'boolean' },
      },
    },
  },
  extRecordId: nullable({ type: 'integer' }),
  extRecordCode: nullable(text),
  extCustomerId: nullable({ type: 'integer' }),
  extOfficeCode: nullable(text),
  extSalesBookingId: nullable({ type: 'integer' }),
  extCostBookingId: nullable({ type: 'integer' }),
  cancelledAt: nullable(timestamp),
  cancellationReason: nullable(text),
  createdAt: timestamp,
  updatedAt: timestamp,
};

const paymentProperties: Record<string, Schema> = {
  id,
  code: { ...text, description: 'Unique payment link code.' },
  bookingId: nullable(id),
  concept: text,
  amount: cents,
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  status: {
    type: 'string',
    enum: [
      'pending',
      'paid',
      'failed',
      'refunded',
      'scheduled',
      'past_due',
      'expired',
      'cancelled',
    ],
  },
  paymentMethod: nullable({
    type: 'string',
    enum: ['card', 'transfer', 'us_bank_account', 'manual'],
  }),
  receiptUrl: nullable(url),
  paidAt: nullable(timestamp),
  refundedAt: nullable(timestamp),
  expiresAt: nullable(timestamp),
  scheduledAt: nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const bookingSchemas = (): Record<string, Schema> => ({
  Booking: {
    type: 'object',
    description: 'A booking as its events carry it.',
    required: Object.keys(bookingProperties),
    properties: bookingProperties,
  },
  Payment: {
    type: 'object',
    description: 'The payment link that triggered the event.',
    required: Object.keys(paymentProperties),
    properties: paymentProperties,
  },
});

export const exampleBooking = {
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

export const examplePayment = {
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
