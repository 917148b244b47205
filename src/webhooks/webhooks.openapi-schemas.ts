// The envelope of each event a receiver gets (service-spec "Envelope", "Payload shapes"), and the
// examples of the events and of the endpoint request bodies. The endpoint's and the delivery's
// shapes are in endpoint.shape.ts.
import { exampleBooking, examplePayment } from '../bookings/booking.shape.ts';
import { CATALOG_SHAPE_EXAMPLES } from '../catalogs/catalog.shape.ts';
import { TRIP_EXAMPLES } from '../trips/trip.shape.ts';
import { id, ref, timestamp } from '../openapi/schema-parts.ts';
import { EXAMPLE_EVENT_ID } from './endpoint.shape.ts';
import type { Example, Schema } from '../openapi/types.ts';

const eventId: Schema = {
  type: 'string',
  pattern: '^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
};

/** The envelope of one event type: `data` is what that type carries. */
function envelope(type: string, data: Schema, description: string): Schema {
  return {
    type: 'object',
    description,
    required: ['eventId', 'type', 'createdAt', 'accountId', 'data'],
    properties: {
      eventId: {
        ...eventId,
        description:
          'Also sent as X-Service-Delivery; the same on a redelivery. Deduplicate on it.',
      },
      type: { type: 'string', const: type, description: 'Also sent as X-Service-Event.' },
      createdAt: { ...timestamp, description: 'When the event happened.' },
      accountId: { ...id, description: 'The account the event belongs to.' },
      data,
    },
  };
}
const dataOf = (name: string, schema: Schema): Schema => ({
  type: 'object',
  required: [name],
  properties: { [name]: schema },
});
const withDeletedAt = (schema: string, description: string): Schema => ({
  description,
  allOf: [
    ref(schema),
    { type: 'object', required: ['deletedAt'], properties: { deletedAt: timestamp } },
  ],
});

/** Component name of each event's envelope, by event type (the `webhooks` section of the document). */
export const WEBHOOK_EVENTS = {
  'trip.created': 'TripCreatedEvent',
  'trip.updated': 'TripUpdatedEvent',
  'trip.configUpdated': 'TripConfigUpdatedEvent',
  'trip.deleted': 'TripDeletedEvent',
  'catalog.created': 'CatalogCreatedEvent',
  'catalog.updated': 'CatalogUpdatedEvent',
  'catalog.deleted': 'CatalogDeletedEvent',
  'booking.created': 'BookingCreatedEvent',
  'booking.updated': 'BookingUpdatedEvent',
  'payment.succeeded': 'PaymentSucceededEvent',
  'payment.failed': 'PaymentFailedEvent',
  'payment.refunded': 'PaymentRefundedEvent',
  'webhook.test': 'WebhookTestEvent',
} as const;

export function webhookSchemas(): Record<string, Schema> {
  const trip = dataOf('trip', ref('Trip'));
  const catalog = dataOf('catalog', ref('Catalog'));
  return {
    DeletedTrip: withDeletedAt(
      'Trip',
      'The trip as it was when deleted (the GET /trips/{tripId} shape), with deletedAt.',
    ),
    DeletedCatalog: withDeletedAt(
      'Catalog',
      'The catalog as it was when deleted (the GET /catalogs/{id} shape), with deletedAt.',
    ),
    TripCreatedEvent: envelope(
      'trip.created',
      trip,
      'A trip was created. data.trip is the GET /trips/{tripId} shape.',
    ),
    TripUpdatedEvent: envelope(
      'trip.updated',
      trip,
      "A trip's fields changed (an update that changes nothing sends nothing). data.trip is the trip after the change.",
    ),
    TripConfigUpdatedEvent: envelope(
      'trip.configUpdated',
      trip,
      "A trip's configuration was saved. Debounced: at most one event per trip per 60 seconds, with the trip as it is when sent.",
    ),
    TripDeletedEvent: envelope(
      'trip.deleted',
      dataOf('trip', ref('DeletedTrip')),
      'A trip was moved to the trash: one event per trip, also for bulk deletions. A restore sends no trip event.',
    ),
    CatalogCreatedEvent: envelope(
      'catalog.created',
      catalog,
      'A catalog was created. data.catalog is the GET /catalogs/{id} shape.',
    ),
    CatalogUpdatedEvent: envelope(
      'catalog.updated',
      catalog,
      'A catalog changed, its trips included (deleting or restoring one of its trips counts). Debounced: at most one event per catalog per 60 seconds, with the catalog as it is when sent. Sent to the account that owns the catalog.',
    ),
    CatalogDeletedEvent: envelope(
      'catalog.deleted',
      dataOf('catalog', ref('DeletedCatalog')),
      'A catalog was moved to the trash.',
    ),
    BookingCreatedEvent: envelope(
      'booking.created',
      dataOf('booking', ref('Booking')),
      'A booking was created: a completed checkout, a booking by an agent, or a traveler joining by join code.',
    ),
    BookingUpdatedEvent: envelope(
      'booking.updated',
      dataOf('booking', ref('Booking')),
      'A booking was cancelled or activated, its payment status changed, or a traveler was added, changed or removed.',
    ),
    PaymentSucceededEvent: envelope(
      'payment.succeeded',
      dataOf('payment', ref('Payment')),
      'A charge or a scheduled installment succeeded, or an agent marked the payment paid.',
    ),
    PaymentFailedEvent: envelope(
      'payment.failed',
      dataOf('payment', ref('Payment')),
      'A charge or a scheduled installment failed.',
    ),
    PaymentRefundedEvent: envelope(
      'payment.refunded',
      dataOf('payment', ref('Payment')),
      'A refund completed, or an agent marked the payment refunded.',
    ),
    WebhookTestEvent: envelope(
      'webhook.test',
      dataOf('test', { type: 'object', properties: {}, additionalProperties: false }),
      'Sent by POST /webhooks/endpoints/{id}/test, even while the endpoint is paused.',
    ),
  };
}

const trip = TRIP_EXAMPLES.Trip.value;
const catalog = CATALOG_SHAPE_EXAMPLES.Catalog.value;
const event = (type: keyof typeof WEBHOOK_EVENTS, data: object, summary: string): Example => ({
  summary,
  value: {
    eventId: EXAMPLE_EVENT_ID,
    type,
    createdAt: '2026-04-03T10:15:00.000Z',
    accountId: 1,
    data,
  },
});

export const WEBHOOK_EXAMPLES = {
  CreateWebhookEndpoint: {
    summary: 'Trip events to the back office',
    value: {
      name: 'Back office',
      url: 'https://hooks.agency.example/trips',
      eventTypes: ['trip.created', 'trip.updated', 'trip.deleted'],
    },
  },
  UpdateWebhookEndpoint: {
    summary: 'Subscribe to catalog events too',
    value: { eventTypes: ['trip.created', 'trip.updated', 'trip.deleted', 'catalog.updated'] },
  },
  TripCreatedEvent: event('trip.created', { trip }, 'A trip created'),
  TripUpdatedEvent: event(
    'trip.updated',
    { trip: { ...trip, title: 'Paris in July', updatedAt: '2026-04-03T10:15:00.000Z' } },
    'A trip renamed',
  ),
  TripConfigUpdatedEvent: event('trip.configUpdated', { trip }, "A trip's configuration saved"),
  TripDeletedEvent: event(
    'trip.deleted',
    { trip: { ...trip, deletedAt: '2026-04-03T10:15:00.000Z' } },
    'A trip moved to the trash',
  ),
  CatalogCreatedEvent: event('catalog.created', { catalog }, 'A catalog created'),
  CatalogUpdatedEvent: event(
    'catalog.updated',
    { catalog: { ...catalog, tripIds: [1, 2], tripCount: 2 } },
    'A trip of the catalog deleted',
  ),
  CatalogDeletedEvent: event(
    'catalog.deleted',
    { catalog: { ...catalog, deletedAt: '2026-04-03T10:15:00.000Z' } },
    'A catalog moved to the trash',
  ),
  BookingCreatedEvent: event(
    'booking.created',
    { booking: { ...exampleBooking, paymentStatus: 'no_payment_required' } },
    'A booking created',
  ),
  BookingUpdatedEvent: event(
    'booking.updated',
    { booking: exampleBooking },
    "A booking's payment status changed",
  ),
  PaymentSucceededEvent: event('payment.succeeded', { payment: examplePayment }, 'A deposit paid'),
  PaymentFailedEvent: event(
    'payment.failed',
    { payment: { ...examplePayment, status: 'failed', paidAt: null, receiptUrl: null } },
    'A charge failed',
  ),
  PaymentRefundedEvent: event(
    'payment.refunded',
    { payment: { ...examplePayment, status: 'refunded', refundedAt: '2026-04-10T09:00:00.000Z' } },
    'A deposit refunded',
  ),
  WebhookTestEvent: event('webhook.test', { test: {} }, 'A test'),
} satisfies Record<string, Example>;
