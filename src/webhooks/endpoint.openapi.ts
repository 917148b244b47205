// /webhooks/endpoints (docs/webhooks.md, docs/decisions.md#events-and-webhooks), and the events
// those endpoints receive: the document's top-level `webhooks`.
import {
  body,
  callerOperation,
  exampleRef,
  json,
  ok,
  parameterRef,
  schemaRef,
} from '../openapi/operations.ts';
import type { Parameter, Paths, RequestBodyInput, WebhookEvents } from '../openapi/types.ts';
import { createEndpointInput, updateEndpointInput } from './endpoint.input.ts';
import { WEBHOOK_EVENTS } from './event.shape.ts';

const TAGS = ['Webhooks'];
const WHO =
  'Owners and admins of enterprise accounts (403 plan_required on other plans, 403 forbidden for other roles).';

const endpoint = (description: string, example = 'WebhookEndpoint') =>
  ok(description, json(schemaRef('WebhookEndpoint'), { endpoint: exampleRef(example) }));
const withSecret = (description: string, example: string) =>
  ok(description, json(schemaRef('WebhookEndpointWithSecret'), { endpoint: exampleRef(example) }));
const queued = (description: string) =>
  ok(
    description,
    json(schemaRef('WebhookDelivery'), { delivery: exampleRef('WebhookDeliveryPending') }),
  );

export function webhookPaths(): Paths {
  return {
    '/webhooks/endpoints': {
      get: callerOperation('manage:webhooks', {
        operationId: 'listWebhookEndpoints',
        summary: 'List webhook endpoints',
        description: `The account's endpoints, oldest first, without their secrets. ${WHO}`,
        tags: TAGS,
        responses: {
          '200': ok(
            'The endpoints.',
            json(schemaRef('WebhookEndpointList'), {
              endpoints: exampleRef('WebhookEndpointList'),
            }),
          ),
        },
      }),
      post: callerOperation('manage:webhooks', {
        operationId: 'createWebhookEndpoint',
        summary: 'Register a webhook endpoint',
        description: `Registers an HTTPS URL for the event types given. The URL must use https and resolve to public addresses only (400 naming url otherwise; checked again at every delivery). The whsec_ signing secret is in this answer only. ${WHO}`,
        tags: TAGS,
        requestBody: body(
          json(schemaRef('CreateWebhookEndpointRequest'), {
            create: exampleRef('CreateWebhookEndpoint'),
          }),
        ),
        responses: {
          '201': withSecret(
            'The endpoint, with its signing secret shown this once.',
            'WebhookEndpointCreated',
          ),
        },
        errors: ['PayloadTooLarge'],
      }),
    },
    '/webhooks/endpoints/{id}': {
      parameters: [parameterRef('EndpointId')],
      get: callerOperation('manage:webhooks', {
        operationId: 'getWebhookEndpoint',
        summary: 'Get a webhook endpoint',
        description: `Never the secret. ${WHO}`,
        tags: TAGS,
        responses: { '200': endpoint('The endpoint.') },
        errors: ['NotFound'],
      }),
      patch: callerOperation('manage:webhooks', {
        operationId: 'updateWebhookEndpoint',
        summary: 'Update a webhook endpoint',
        description: `Changes name, url or eventTypes (which replaces the list); at least one. A new url is checked as on create. ${WHO}`,
        tags: TAGS,
        requestBody: body(
          json(schemaRef('UpdateWebhookEndpointRequest'), {
            update: exampleRef('UpdateWebhookEndpoint'),
          }),
        ),
        responses: { '200': endpoint('The updated endpoint.') },
        errors: ['NotFound', 'PayloadTooLarge'],
      }),
      delete: callerOperation('manage:webhooks', {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint',
        description: `It gets no more events and reads as 404 from then on. ${WHO}`,
        tags: TAGS,
        responses: { '200': ok('Deleted.', json(schemaRef('Message'))) },
        errors: ['NotFound'],
      }),
    },
    '/webhooks/endpoints/{id}/pause': {
      parameters: [parameterRef('EndpointId')],
      post: callerOperation('manage:webhooks', {
        operationId: 'pauseWebhookEndpoint',
        summary: 'Pause a webhook endpoint',
        description: `A paused endpoint gets no events: those that happen while it is paused are never sent to it. Tests still are. ${WHO}`,
        tags: TAGS,
        responses: { '200': endpoint('The endpoint, paused.', 'WebhookEndpointPaused') },
        errors: ['NotFound'],
      }),
    },
    '/webhooks/endpoints/{id}/resume': {
      parameters: [parameterRef('EndpointId')],
      post: callerOperation('manage:webhooks', {
        operationId: 'resumeWebhookEndpoint',
        summary: 'Resume a webhook endpoint',
        description: `The endpoint gets events again, from now on. ${WHO}`,
        tags: TAGS,
        responses: { '200': endpoint('The endpoint, active.') },
        errors: ['NotFound'],
      }),
    },
    '/webhooks/endpoints/{id}/rotate-secret': {
      parameters: [parameterRef('EndpointId')],
      post: callerOperation('manage:webhooks', {
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret',
        description: `A new whsec_ secret, in this answer only. The previous one keeps signing for 24 hours (previousSecretExpiresAt): meanwhile X-Service-Signature-256 carries both signatures, comma-separated. ${WHO}`,
        tags: TAGS,
        responses: {
          '200': withSecret(
            'The endpoint, with its new secret shown this once.',
            'WebhookEndpointRotated',
          ),
        },
        errors: ['NotFound'],
      }),
    },
    '/webhooks/endpoints/{id}/test': {
      parameters: [parameterRef('EndpointId')],
      post: callerOperation('manage:webhooks', {
        operationId: 'sendTestWebhook',
        summary: 'Send a test event',
        description: `Queues a webhook.test event ({"test": {}}) to this endpoint only, even while it is paused. Its outcome shows in the deliveries. ${WHO}`,
        tags: TAGS,
        responses: { '202': queued('The delivery, queued (pending).') },
        errors: ['NotFound'],
      }),
    },
    '/webhooks/endpoints/{id}/deliveries': {
      parameters: [parameterRef('EndpointId')],
      get: callerOperation('manage:webhooks', {
        operationId: 'listWebhookDeliveries',
        summary: "List an endpoint's deliveries",
        description: `Every attempt to deliver to the endpoint, newest first, kept 30 days, in the paginated envelope. ${WHO}`,
        tags: TAGS,
        parameters: [parameterRef('Page'), parameterRef('PageSize')],
        responses: {
          '200': ok(
            'One page of deliveries.',
            json(schemaRef('WebhookDeliveryPage'), { page: exampleRef('WebhookDeliveryPage') }),
          ),
        },
        errors: ['NotFound'],
      }),
    },
    '/webhooks/endpoints/{id}/deliveries/{deliveryId}/redeliver': {
      parameters: [parameterRef('EndpointId'), parameterRef('DeliveryId')],
      post: callerOperation('manage:webhooks', {
        operationId: 'redeliverWebhook',
        summary: 'Send a delivery again',
        description: `Queues a new delivery of the same event to this endpoint: the same eventId and the same body, signed with the current secret(s). 404 when the delivery is not one of this endpoint. ${WHO}`,
        tags: TAGS,
        responses: { '202': queued('The new delivery, queued (pending).') },
        errors: ['NotFound'],
      }),
    },
  };
}

const DELIVERY_HEADERS: Parameter[] = [
  {
    name: 'X-Service-Event',
    in: 'header',
    required: true,
    description: 'The event type.',
    schema: { type: 'string' },
  },
  {
    name: 'X-Service-Delivery',
    in: 'header',
    required: true,
    description: 'The eventId: the same on a redelivery, so deduplicate on it.',
    schema: { type: 'string' },
  },
  {
    name: 'X-Service-Signature-256',
    in: 'header',
    required: true,
    description:
      "`sha256=<hex HMAC-SHA256 of the raw body, keyed with the endpoint's whsec_ secret>`. For 24 hours after a rotation, two signatures comma-separated (new secret, then previous): accept the request when any one matches. Compare in constant time, over the raw bytes before any JSON parsing.",
    schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}(,sha256=[0-9a-f]{64})?$' },
  },
];

/** What fires each event, as the summary a reader scans (the schema's description has the details). */
const FIRED_BY: Record<keyof typeof WEBHOOK_EVENTS, string> = {
  'trip.created': 'A trip is created: POST /trips, a duplicate or a completed AI import',
  'trip.updated': "A trip's fields change: PATCH /trips/{tripId} or GraphQL updateTrip",
  'trip.configUpdated':
    "A trip's configuration is saved: PUT or PATCH /trips/{tripId}/config (at most one a minute)",
  'trip.deleted':
    'A trip moves to the trash: DELETE /trips/{tripId} or a bulk deletion, one event per trip',
  'catalog.created': 'A catalog is created: POST /catalogs or a duplicate',
  'catalog.updated': 'A catalog or its list of trips changes (at most one a minute)',
  'catalog.deleted': 'A catalog moves to the trash',
  'booking.created': 'A booking is made: a checkout, an agent, or a traveler joining by code',
  'booking.updated': 'A booking is cancelled or activated, its payment status or travelers change',
  'payment.succeeded': 'A charge or an installment succeeds, or an agent marks it paid',
  'payment.failed': 'A charge or an installment fails',
  'payment.refunded': 'A refund completes, or an agent marks the payment refunded',
  'webhook.test': 'POST /webhooks/endpoints/{id}/test, to try an endpoint',
};

/** The events an endpoint can receive, one POST each (the document's top-level `webhooks`). */
export function webhookEvents(): WebhookEvents {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `${schema[0]!.toLowerCase()}${schema.slice(1)}`,
          summary: FIRED_BY[type as keyof typeof WEBHOOK_EVENTS],
          description:
            type === 'webhook.test'
              ? 'POSTed to the endpoint tested (POST /webhooks/endpoints/{id}/test), even while it is paused; never retried automatically.'
              : `POSTed once to each active endpoint of the account subscribed to ${type}; never retried automatically.`,
          tags: TAGS,
          security: [{ webhookSignature: [] }],
          parameters: DELIVERY_HEADERS,
          requestBody: body(json(schemaRef(schema), { [type]: exampleRef(schema) })),
          responses: {
            '2XX': {
              description:
                'Received. Any 2xx within 30 seconds counts as delivered; the first 4 KB of the answer are recorded.',
            },
            default: {
              description:
                'Any other answer, or none within 30 seconds: the delivery is recorded as failed and not retried (redeliver by hand).',
            },
          },
        },
      },
    ]),
  );
}

const ENDPOINT_NOTES: Record<string, string> = {
  name: '1 to 200 characters after trimming.',
  url: 'HTTPS only, resolving to public addresses only (no localhost, private, link-local or metadata addresses; no credentials in the URL). Checked now and again at every delivery.',
  eventTypes: 'The event types to receive; at least one, duplicates kept once.',
};

/** The request bodies of the endpoint paths, by component name. */
export const ENDPOINT_REQUEST_BODIES: Record<string, RequestBodyInput> = {
  CreateWebhookEndpointRequest: {
    schema: createEndpointInput,
    notes: ENDPOINT_NOTES,
    description:
      'All three fields are required; any other field is refused (400). The signing secret is generated.',
  },
  UpdateWebhookEndpointRequest: {
    schema: updateEndpointInput,
    notes: ENDPOINT_NOTES,
    description:
      'The fields of create, all optional; at least one. eventTypes replaces the list. Any other field is refused (400).',
  },
};
