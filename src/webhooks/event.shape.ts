// The envelope of each event a receiver gets (docs/decisions.md#events-and-webhooks), written
// once as a shape around the resource shapes the events carry (trip.shape.ts, catalog.shape.ts,
// booking.shape.ts): the document's event schemas are converted from them and their examples
// typed by them. Also the examples of the endpoint request bodies.
import { z } from 'zod';
import {
  bookingShape,
  exampleBooking,
  examplePayment,
  paymentShape,
} from '../bookings/booking.shape.ts';
import {
  CATALOG_SHAPE_EXAMPLES,
  catalogShape,
  deletedCatalogShape,
} from '../catalogs/catalog.shape.ts';
import type { Example } from '../openapi/types.ts';
import { id, type ShapeExample, timestamp } from '../shared/shape-parts.ts';
import { deletedTripShape, TRIP_EXAMPLES, tripShape } from '../trips/trip.shape.ts';
import { EXAMPLE_EVENT_ID, eventIdShape } from './endpoint.shape.ts';
import type { EventType } from './events.ts';

/** The envelope of one event type: `data` is what that type carries. */
const envelope = <Type extends EventType, Data extends z.ZodType>(
  type: Type,
  data: Data,
  description: string,
) =>
  z
    .object({
      eventId: eventIdShape().meta({
        description:
          'Also sent as X-Service-Delivery; the same on a redelivery. Deduplicate on it.',
      }),
      type: z.literal(type).meta({ description: 'Also sent as X-Service-Event.' }),
      createdAt: timestamp().meta({ description: 'When the event happened.' }),
      accountId: id().meta({ description: 'The account the event belongs to.' }),
      data,
    })
    .meta({ description });

const dataOf = <Name extends string, Shape extends z.ZodType>(name: Name, shape: Shape) =>
  z.object({ [name]: shape } as { [key in Name]: Shape });

const tripData = dataOf('trip', tripShape);
const catalogData = dataOf('catalog', catalogShape);

/** Each event type's envelope. */
export const EVENT_SHAPES = {
  'trip.created': envelope(
    'trip.created',
    tripData,
    'A trip was created. data.trip is the GET /trips/{tripId} shape.',
  ),
  'trip.updated': envelope(
    'trip.updated',
    tripData,
    "A trip's fields changed (an update that changes nothing sends nothing). data.trip is the trip after the change.",
  ),
  'trip.configUpdated': envelope(
    'trip.configUpdated',
    tripData,
    "A trip's configuration was saved. Debounced: at most one event per trip per 60 seconds, with the trip as it is when sent.",
  ),
  'trip.deleted': envelope(
    'trip.deleted',
    dataOf('trip', deletedTripShape),
    'A trip was moved to the trash: one event per trip, also for bulk deletions. A restore sends no trip event.',
  ),
  'catalog.created': envelope(
    'catalog.created',
    catalogData,
    'A catalog was created. data.catalog is the GET /catalogs/{id} shape.',
  ),
  'catalog.updated': envelope(
    'catalog.updated',
    catalogData,
    'A catalog changed, its trips included (deleting or restoring one of its trips counts). Debounced: at most one event per catalog per 60 seconds, with the catalog as it is when sent. Sent to the account that owns the catalog.',
  ),
  'catalog.deleted': envelope(
    'catalog.deleted',
    dataOf('catalog', deletedCatalogShape),
    'A catalog was moved to the trash.',
  ),
  'booking.created': envelope(
    'booking.created',
    dataOf('booking', bookingShape),
    'A booking was created: a completed checkout, a booking by an agent, or a traveler joining by join code.',
  ),
  'booking.updated': envelope(
    'booking.updated',
    dataOf('booking', bookingShape),
    'A booking was cancelled or activated, its payment status changed, or a traveler was added, changed or removed.',
  ),
  'payment.succeeded': envelope(
    'payment.succeeded',
    dataOf('payment', paymentShape),
    'A charge or a scheduled installment succeeded, or an agent marked the payment paid.',
  ),
  'payment.failed': envelope(
    'payment.failed',
    dataOf('payment', paymentShape),
    'A charge or a scheduled installment failed.',
  ),
  'payment.refunded': envelope(
    'payment.refunded',
    dataOf('payment', paymentShape),
    'A refund completed, or an agent marked the payment refunded.',
  ),
  'webhook.test': envelope(
    'webhook.test',
    dataOf('test', z.strictObject({})),
    'Sent by POST /webhooks/endpoints/{id}/test, even while the endpoint is paused.',
  ),
};

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
} as const satisfies Record<keyof typeof EVENT_SHAPES, string>;

/** The document's components, by name: each event's envelope. */
export const EVENT_COMPONENT_SHAPES = Object.fromEntries(
  Object.entries(WEBHOOK_EVENTS).map(([type, name]) => [
    name,
    EVENT_SHAPES[type as keyof typeof EVENT_SHAPES],
  ]),
);

const trip = TRIP_EXAMPLES.Trip.value;
const catalog = CATALOG_SHAPE_EXAMPLES.Catalog.value;
type EventShape<Type extends keyof typeof EVENT_SHAPES> = (typeof EVENT_SHAPES)[Type];
/** An example of an event of `type`, its data typed by that event's shape. */
const event = <Type extends keyof typeof EVENT_SHAPES>(
  type: Type,
  data: z.output<EventShape<Type>>['data'],
  summary: string,
): ShapeExample<EventShape<Type>> => ({
  summary,
  value: {
    eventId: EXAMPLE_EVENT_ID,
    type,
    createdAt: '2026-04-03T10:15:00.000Z',
    accountId: 1,
    data,
  } as z.output<EventShape<Type>>,
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
