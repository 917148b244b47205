// The accounts domain: the viewer query (the admin functions are called by the CLI, not plugged in).
import type { DomainModule } from '../domain-module.ts';

export const accountsDomain: DomainModule = {
  name: 'accounts',
  graphql: () => import('./account.schema.ts'),
};
