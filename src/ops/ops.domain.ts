// The operators' queries: job queues and webhook delivery health. GraphQL only.
import type { DomainModule } from '../domain-module.ts';

export const opsDomain: DomainModule = {
  name: 'ops',
  graphql: () => import('./ops.schema.ts'),
};
