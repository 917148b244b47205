// The status domain: GET /status and the status query, on both listeners.
import type { DomainModule } from '../domain-module.ts';
import { statusPaths } from './status.openapi.ts';
import { registerStatusRoutes } from './status.rest.ts';
import { STATUS_EXAMPLES, STATUS_SHAPES } from './status.shape.ts';

export const statusDomain: DomainModule = {
  name: 'status',
  graphql: () => import('./status.schema.ts'),
  routes: { on: ['api', 'ai'], register: registerStatusRoutes },
  openapi: { paths: statusPaths, shapes: STATUS_SHAPES, examples: STATUS_EXAMPLES },
};
