// /webhooks/endpoints: REST facade over the GraphQL webhook operations (docs/webhooks.md).
import type { GraphQLSchema } from 'graphql';
import { LIMITS } from '../config/constants.ts';
import { createEndpointInput, updateEndpointInput } from './endpoint.input.ts';
import { parseOrThrow } from '../validation.ts';
import { readJson } from '../rest/body.ts';
import { answer, prepareOperation, runOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import { idParam, pageParams } from '../rest/params.ts';
import type { RestRouter } from '../rest/types.ts';
import { selectionOf } from '../rest/selection.ts';
import {
  deliveryPageShape,
  deliveryShape,
  endpointShape,
  endpointWithSecretShape,
} from './endpoint.shape.ts';

/** The GraphQL selections, from the shapes the routes answer with. */
const ENDPOINT_FIELDS = selectionOf(endpointShape);
const ENDPOINT_WITH_SECRET_FIELDS = selectionOf(endpointWithSecretShape);
const DELIVERY_FIELDS = selectionOf(deliveryShape);
const DELIVERY_PAGE_FIELDS = selectionOf(deliveryPageShape);

export function registerWebhookRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const LIST = prepareOperation(
    schema,
    `query WebhookEndpoints { webhookEndpoints { ${ENDPOINT_FIELDS} } }`,
  );
  const GET = prepareOperation(
    schema,
    `query WebhookEndpoint($id: Int!) { webhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`,
  );
  const CREATE = prepareOperation(
    schema,
    `
    mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { ${ENDPOINT_WITH_SECRET_FIELDS} } }`,
  );
  const UPDATE = prepareOperation(
    schema,
    `
    mutation UpdateWebhookEndpoint($id: Int!, $input: WebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${ENDPOINT_FIELDS} } }`,
  );
  const DELETE = prepareOperation(
    schema,
    'mutation DeleteWebhookEndpoint($id: Int!) { deleteWebhookEndpoint(id: $id) }',
  );
  const PAUSE = prepareOperation(
    schema,
    `mutation PauseWebhookEndpoint($id: Int!) { pauseWebhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`,
  );
  const RESUME = prepareOperation(
    schema,
    `mutation ResumeWebhookEndpoint($id: Int!) { resumeWebhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`,
  );
  const ROTATE = prepareOperation(
    schema,
    `mutation RotateWebhookSecret($id: Int!) { rotateWebhookSecret(id: $id) { ${ENDPOINT_WITH_SECRET_FIELDS} } }`,
  );
  const TEST = prepareOperation(
    schema,
    `mutation SendTestWebhook($id: Int!) { sendTestWebhook(id: $id) { ${DELIVERY_FIELDS} } }`,
  );
  const DELIVERIES = prepareOperation(
    schema,
    `
    query WebhookDeliveries($endpointId: Int!, $page: Int, $pageSize: Int) {
      webhookDeliveries(endpointId: $endpointId, page: $page, pageSize: $pageSize) { ${DELIVERY_PAGE_FIELDS} }
    }`,
  );
  const REDELIVER = prepareOperation(
    schema,
    `
    mutation RedeliverWebhook($endpointId: Int!, $deliveryId: String!) { redeliverWebhook(endpointId: $endpointId, deliveryId: $deliveryId) { ${DELIVERY_FIELDS} } }`,
  );

  const id = (params: Record<string, string | undefined>) => idParam(params.id, 'id');

  router.get('/webhooks/endpoints', async (_request, context) =>
    jsonResponse({ data: (await runOperation(schema, LIST, context, {})).webhookEndpoints }),
  );

  router.post('/webhooks/endpoints', async (request, context) => {
    const body = parseOrThrow(createEndpointInput, await readJson(request, LIMITS.jsonBodyBytes));
    return answer(schema, CREATE, context, { input: body }, 201);
  });

  router.get('/webhooks/endpoints/:id', (request, context) =>
    answer(schema, GET, context, { id: id(request.params) }),
  );

  router.patch('/webhooks/endpoints/:id', async (request, context) => {
    const endpointId = id(request.params);
    const body = parseOrThrow(updateEndpointInput, await readJson(request, LIMITS.jsonBodyBytes));
    return answer(schema, UPDATE, context, { id: endpointId, input: body });
  });

  router.delete('/webhooks/endpoints/:id', async (request, context) => {
    await runOperation(schema, DELETE, context, { id: id(request.params) });
    return jsonResponse({ message: 'Webhook endpoint deleted.' });
  });

  router.post('/webhooks/endpoints/:id/pause', (request, context) =>
    answer(schema, PAUSE, context, { id: id(request.params) }),
  );
  router.post('/webhooks/endpoints/:id/resume', (request, context) =>
    answer(schema, RESUME, context, { id: id(request.params) }),
  );
  router.post('/webhooks/endpoints/:id/rotate-secret', (request, context) =>
    answer(schema, ROTATE, context, { id: id(request.params) }),
  );
  router.post('/webhooks/endpoints/:id/test', (request, context) =>
    answer(schema, TEST, context, { id: id(request.params) }, 202),
  );

  router.get('/webhooks/endpoints/:id/deliveries', (request, context) =>
    answer(schema, DELIVERIES, context, { endpointId: id(request.params), ...pageParams(request) }),
  );

  router.post('/webhooks/endpoints/:id/deliveries/:deliveryId/redeliver', (request, context) =>
    answer(
      schema,
      REDELIVER,
      context,
      { endpointId: id(request.params), deliveryId: request.params.deliveryId },
      202,
    ),
  );
}
