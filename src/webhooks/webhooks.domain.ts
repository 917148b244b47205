// The webhooks domain: endpoints, the events they receive, and their signed deliveries.
import type { DomainModule } from '../domain-module.ts';
import { ENDPOINT_REQUEST_BODIES, webhookEvents, webhookPaths } from './endpoint.openapi.ts';
import { registerWebhookRoutes } from './endpoint.rest.ts';
import { WEBHOOK_SHAPE_EXAMPLES, WEBHOOK_SHAPES } from './endpoint.shape.ts';
import { EVENT_COMPONENT_SHAPES, WEBHOOK_EXAMPLES } from './event.shape.ts';
import { WEBHOOK_WORKERS } from './webhooks.workers.ts';

export const webhooksDomain: DomainModule = {
  name: 'webhooks',
  graphql: () => import('./endpoint.schema.ts'),
  routes: { on: ['api'], register: registerWebhookRoutes },
  openapi: {
    paths: webhookPaths,
    webhooks: webhookEvents,
    shapes: { ...WEBHOOK_SHAPES, ...EVENT_COMPONENT_SHAPES },
    requestBodies: ENDPOINT_REQUEST_BODIES,
    examples: { ...WEBHOOK_SHAPE_EXAMPLES, ...WEBHOOK_EXAMPLES },
  },
  jobs: WEBHOOK_WORKERS,
};
