// The webhook parts of the document: response schemas (from the GraphQL types WebhookEndpoint,
// WebhookEndpointWithSecret, WebhookDelivery and WebhookDeliveryPage), the envelope of each event
// a receiver gets (service-spec "Envelope", "Payload shapes") and examples.
import { EVENT_TYPES } from './events.ts';
import { exampleBooking, examplePayment } from '../bookings/booking.openapi-schemas.ts';
import { CATALOG_SHAPE_EXAMPLES } from '../catalogs/catalog.shape.ts';
import { TRIP_EXAMPLES } from '../trips/trip.shape.ts';
import { id, nullable, page, ref, timestamp } from '../openapi/schema-parts.ts';
import type { Example, Schema } from '../openapi/types.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const eventId: Schema = { type: 'string', pattern: `^evt_${UUID}$` };
const deliveryId: Schema = { type: 'string', pattern: `^dlv_${UUID}$` };

const endpointProperties: Record<string, Schema> = {
  id,
  name: { type: 'string' },
  url: { type: 'string', format: 'uri', description: 'HTTPS, public addresses only.' },
  eventTypes: {
    type: 'array',
    items: { type: 'string', enum: [...EVENT_TYPES] },
    description: 'The event types the endpoint subscribes to, each once.',
  },
  status: {
    type: 'string',
    enum: ['active', 'paused'],
    description: 'A paused endpoint gets no events (a test is still sent).',
  },
  previousSecretExpiresAt: nullable({
    ...timestamp,
    description:
      'After a rotation, until when the previous secret still signs (both signatures are sent); null otherwise.',
  }),
  createdAt: timestamp,
  updatedAt: timestamp,
};

const deliveryProperties: Record<string, Schema> = {
  id: deliveryId,
  eventId: {
    ...eventId,
    description:
      "Sent as X-Service-Delivery; the receiver's deduplication key. A redelivery keeps it.",
  },
  eventType: nullable({
    type: 'string',
    description:
      "The event's type (webhook.test for a test). null in the 202 answers of test and redeliver.",
  }),
  endpointId: id,
  manual: { type: 'boolean', description: 'A test or a redelivery by hand.' },
  status: {
    type: 'string',
    enum: ['pending', 'succeeded', 'failed'],
    description:
      'One attempt: succeeded on a 2xx within 30 seconds, failed otherwise. Never retried automatically.',
  },
  responseStatus: nullable({
    type: 'integer',
    description: "The receiver's HTTP status; null while pending or without an answer.",
  }),
  responseBody: nullable({ type: 'string', description: 'The first 4 KB of the answer.' }),
  durationMs: nullable({ type: 'integer', minimum: 0 }),
  error: nullable({ type: 'string', description: 'Why a failed delivery failed.' }),
  createdAt: timestamp,
  completedAt: nullable(timestamp),
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
    WebhookEndpoint: {
      type: 'object',
      required: Object.keys(endpointProperties),
      properties: endpointProperties,
    },
    WebhookEndpointWithSecret: {
      type: 'object',
      description:
        'The endpoint with its signing secret: in the answers of create and rotate-secret only.',
      required: [...Object.keys(endpointProperties), 'secret'],
      properties: {
        ...endpointProperties,
        secret: {
          type: 'string',
          pattern: '^whsec_[A-Za-z0-9_-]{43}$',
          description:
            'The whsec_ signing secret. Shown in this answer only; keep it to check X-Service-Signature-256.',
        },
      },
    },
    WebhookEndpointList: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: ref('WebhookEndpoint') } },
    },
    WebhookDelivery: {
      type: 'object',
      required: Object.keys(deliveryProperties),
      properties: deliveryProperties,
    },
    WebhookDeliveryPage: page(ref('WebhookDelivery')),
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

const endpoint = {
  id: 3,
  name: 'Back office',
  url: 'https://hooks.agency.example/trips',
  eventTypes: ['trip.created', 'trip.updated', 'trip.deleted'],
  status: 'active',
  previousSecretExpiresAt: null,
  createdAt: '2026-04-02T08:00:00.000Z',
  updatedAt: '2026-04-02T08:00:00.000Z',
};
const SECRET = 'whsec_q3Vf8oXn2LkR7tYb1MzWc5HdJ0pAsE9gUiN4vKxQ6Ty';
const EVENT_ID = 'evt_6f1c2a9e-4b7d-4c3a-9e8f-2d5b7a1c0e43';
const delivery = {
  id: 'dlv_0b9d3e51-7a2c-4f6e-8d14-5c3a9b2e7f60',
  eventId: EVENT_ID,
  eventType: 'trip.created',
  endpointId: 3,
  manual: false,
  status: 'succeeded',
  responseStatus: 200,
  responseBody: 'ok',
  durationMs: 182,
  error: null,
  createdAt: '2026-04-03T10:15:00.000Z',
  completedAt: '2026-04-03T10:15:00.182Z',
};
const failed = {
  ...delivery,
  id: 'dlv_7e2a4c18-9b3d-4e5f-a061-3f8c2d9b1a74',
  eventId: 'evt_2c8e5b1a-3d7f-4a9c-b6e2-8f1d4c7a0b35',
  eventType: 'trip.deleted',
  status: 'failed',
  responseStatus: 500,
  responseBody: 'Internal Server Error',
  durationMs: 95,
  error: 'The receiver answered 500.',
  createdAt: '2026-04-03T09:02:00.000Z',
  completedAt: '2026-04-03T09:02:00.095Z',
};

const trip = TRIP_EXAMPLES.Trip.value;
const catalog = CATALOG_SHAPE_EXAMPLES.Catalog.value;
const event = (type: keyof typeof WEBHOOK_EVENTS, data: object, summary: string): Example => ({
  summary,
  value: { eventId: EVENT_ID, type, createdAt: '2026-04-03T10:15:00.000Z', accountId: 1, data },
});

export const WEBHOOK_EXAMPLES = {
  WebhookEndpoint: { summary: 'An endpoint', value: endpoint },
  WebhookEndpointCreated: {
    summary: 'A new endpoint, with its secret',
    value: { ...endpoint, secret: SECRET },
  },
  WebhookEndpointRotated: {
    summary: 'A new secret; the previous one signs for 24 hours more',
    value: {
      ...endpoint,
      previousSecretExpiresAt: '2026-04-06T11:00:00.000Z',
      updatedAt: '2026-04-05T11:00:00.000Z',
      secret: SECRET,
    },
  },
  WebhookEndpointPaused: {
    summary: 'A paused endpoint',
    value: { ...endpoint, status: 'paused', updatedAt: '2026-04-05T11:00:00.000Z' },
  },
  WebhookEndpointList: { summary: "The account's endpoints", value: { data: [endpoint] } },
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
  WebhookDeliveryPending: {
    summary: 'A delivery just queued',
    value: {
      ...delivery,
      id: 'dlv_4a7c1e93-2b5d-4f8a-9c6e-1d3b5f7a9c20',
      eventType: null,
      manual: true,
      status: 'pending',
      responseStatus: null,
      responseBody: null,
      durationMs: null,
      completedAt: null,
    },
  },
  WebhookDeliveryPage: {
    summary: 'Newest first: one succeeded, one failed',
    value: { data: [delivery, failed], page: 1, pageSize: 20, totalCount: 2, totalPages: 1 },
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
