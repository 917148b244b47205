// The shapes of a webhook endpoint and of one delivery to it, written once (docs/webhooks.md):
// the document's schemas and the REST selections derive from them;
// test/unit/pothos-shapes.test.ts holds the Pothos types to them.
import { z } from 'zod';
import { id, pageOf, type ShapeExample, timestamp } from '../shared/shape-parts.ts';
import { EVENT_TYPES } from './events.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const eventIdShape = () => z.string().regex(new RegExp(`^evt_${UUID}$`));

export const endpointShape = z.object({
  id: id(),
  name: z.string(),
  url: z.url().meta({ description: 'HTTPS, public addresses only.' }),
  eventTypes: z
    .array(z.enum(EVENT_TYPES))
    .meta({ description: 'The event types the endpoint subscribes to, each once.' }),
  status: z
    .enum(['active', 'paused'])
    .meta({ description: 'A paused endpoint gets no events (a test is still sent).' }),
  previousSecretExpiresAt: timestamp()
    .meta({
      description:
        'After a rotation, until when the previous secret still signs (both signatures are sent); null otherwise.',
    })
    .nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type EndpointShape = z.output<typeof endpointShape>;

/** The answers of create and rotate-secret: the endpoint with its secret. */
export const endpointWithSecretShape = endpointShape
  .extend({
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_-]{43}$/)
      .meta({
        description:
          'The whsec_ signing secret. Shown in this answer only; keep it to check X-Service-Signature-256.',
      }),
  })
  .meta({
    description:
      'The endpoint with its signing secret: in the answers of create and rotate-secret only.',
  });

export const endpointListShape = z.object({ data: z.array(endpointShape) });

export const deliveryShape = z.object({
  id: z.string().regex(new RegExp(`^dlv_${UUID}$`)),
  eventId: eventIdShape().meta({
    description:
      "Sent as X-Service-Delivery; the receiver's deduplication key. A redelivery keeps it.",
  }),
  eventType: z
    .string()
    .meta({
      description:
        "The event's type (webhook.test for a test). null in the 202 answers of test and redeliver.",
    })
    .nullable(),
  endpointId: id(),
  manual: z.boolean().meta({ description: 'A test or a redelivery by hand.' }),
  status: z.enum(['pending', 'succeeded', 'failed', 'skipped']).meta({
    description:
      'One attempt: succeeded on a 2xx within 30 seconds, failed otherwise. Never retried automatically. skipped: not sent, because the endpoint was paused or deleted while it was queued (see skipReason); redeliver sends it.',
  }),
  skipReason: z
    .enum(['paused', 'deleted'])
    .meta({
      description:
        'Why a skipped delivery was not sent: its endpoint was paused or deleted while it was queued. null otherwise.',
    })
    .nullable(),
  requestUrl: z
    .string()
    .meta({
      description:
        "The URL the request was sent to (the endpoint's at the time); null while pending.",
    })
    .nullable(),
  requestHeaders: z
    .record(z.string(), z.string())
    .meta({
      description:
        'The headers sent, by lower-case name, X-Service-Signature-256 included; null while pending.',
    })
    .nullable(),
  requestBody: z
    .string()
    .meta({
      description: 'The body sent: the envelope, byte for byte as signed; null while pending.',
    })
    .nullable(),
  responseStatus: z
    .int()
    .meta({ description: "The receiver's HTTP status; null while pending or without an answer." })
    .nullable(),
  responseBody: z.string().meta({ description: 'The first 4 KB of the answer.' }).nullable(),
  durationMs: z.int().min(0).nullable(),
  error: z.string().meta({ description: 'Why a failed delivery failed.' }).nullable(),
  createdAt: timestamp(),
  completedAt: timestamp().nullable(),
});
export type DeliveryShape = z.output<typeof deliveryShape>;

export const deliveryPageShape = pageOf(deliveryShape);

/** The document's components, by name. */
export const WEBHOOK_SHAPES = {
  WebhookEndpoint: endpointShape,
  WebhookEndpointWithSecret: endpointWithSecretShape,
  WebhookEndpointList: endpointListShape,
  WebhookDelivery: deliveryShape,
  WebhookDeliveryPage: deliveryPageShape,
};

const endpoint: EndpointShape = {
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
/** The event id of the examples. */
export const EXAMPLE_EVENT_ID = 'evt_6f1c2a9e-4b7d-4c3a-9e8f-2d5b7a1c0e43';
const delivery: DeliveryShape = {
  id: 'dlv_0b9d3e51-7a2c-4f6e-8d14-5c3a9b2e7f60',
  eventId: EXAMPLE_EVENT_ID,
  eventType: 'trip.created',
  endpointId: 3,
  manual: false,
  status: 'succeeded',
  requestUrl: endpoint.url,
  requestHeaders: {
    'content-type': 'application/json',
    'user-agent': 'TripsService-Webhooks/1.0',
    'x-service-event': 'trip.created',
    'x-service-delivery': EXAMPLE_EVENT_ID,
    'x-service-signature-256':
      'sha256=4c1f0b7a9e2d3c5b8a6f1e0d9c7b5a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b',
  },
  requestBody: `{"eventId":"${EXAMPLE_EVENT_ID}","type":"trip.created","createdAt":"2026-04-03T10:15:00.000Z","accountId":1,"data":{"trip":{"id":42}}}`,
  responseStatus: 200,
  responseBody: 'ok',
  durationMs: 182,
  error: null,
  skipReason: null,
  createdAt: '2026-04-03T10:15:00.000Z',
  completedAt: '2026-04-03T10:15:00.182Z',
};
const failed: DeliveryShape = {
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

const skipped: DeliveryShape = {
  ...delivery,
  id: 'dlv_3d5f7a92-1c4e-4b6a-8e0d-6a2c4e8f1b57',
  eventId: 'evt_9a1c3e5f-7b2d-4f6a-8c0e-4d6f8a2b1c39',
  eventType: 'trip.updated',
  status: 'skipped',
  skipReason: 'paused',
  requestUrl: null,
  requestHeaders: null,
  requestBody: null,
  responseStatus: null,
  responseBody: null,
  durationMs: null,
  createdAt: '2026-04-03T08:40:00.000Z',
  completedAt: '2026-04-03T08:41:30.000Z',
};

type EndpointExample = ShapeExample<typeof endpointShape>;
type EndpointWithSecretExample = ShapeExample<typeof endpointWithSecretShape>;

/** The examples of the endpoint's and the delivery's shapes. */
export const WEBHOOK_SHAPE_EXAMPLES = {
  WebhookEndpoint: { summary: 'An endpoint', value: endpoint } satisfies EndpointExample,
  WebhookEndpointCreated: {
    summary: 'A new endpoint, with its secret',
    value: { ...endpoint, secret: SECRET },
  } satisfies EndpointWithSecretExample,
  WebhookEndpointRotated: {
    summary: 'A new secret; the previous one signs for 24 hours more',
    value: {
      ...endpoint,
      previousSecretExpiresAt: '2026-04-06T11:00:00.000Z',
      updatedAt: '2026-04-05T11:00:00.000Z',
      secret: SECRET,
    },
  } satisfies EndpointWithSecretExample,
  WebhookEndpointPaused: {
    summary: 'A paused endpoint',
    value: { ...endpoint, status: 'paused', updatedAt: '2026-04-05T11:00:00.000Z' },
  } satisfies EndpointExample,
  WebhookEndpointList: {
    summary: "The account's endpoints",
    value: { data: [endpoint] },
  } satisfies ShapeExample<typeof endpointListShape>,
  WebhookDeliveryPending: {
    summary: 'A delivery just queued',
    value: {
      ...delivery,
      id: 'dlv_4a7c1e93-2b5d-4f8a-9c6e-1d3b5f7a9c20',
      eventType: null,
      manual: true,
      status: 'pending',
      requestUrl: null,
      requestHeaders: null,
      requestBody: null,
      responseStatus: null,
      responseBody: null,
      durationMs: null,
      completedAt: null,
    },
  } satisfies ShapeExample<typeof deliveryShape>,
  WebhookDeliveryPage: {
    summary: 'Newest first: one succeeded, one failed, one skipped (the endpoint was paused)',
    value: {
      data: [delivery, failed, skipped],
      page: 1,
      pageSize: 20,
      totalCount: 3,
      totalPages: 1,
    },
  } satisfies ShapeExample<typeof deliveryPageShape>,
};
