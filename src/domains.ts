// Every domain of the service, in one list: the registry. The composition root (service.ts) hands
// it to the plumbing, which imports no domain: the REST router registers each domain's routes,
// the OpenAPI document gathers its paths (in this order), the GraphQL schema loads its types, the
// worker role runs its jobs and the event recorder reads its resources. A new domain adds its
// <domain>.domain.ts here and nowhere else.
import { accountsDomain } from './accounts/accounts.domain.ts';
import { authDomain } from './auth/auth.domain.ts';
import { bookingsDomain } from './bookings/bookings.domain.ts';
import { catalogsDomain } from './catalogs/catalogs.domain.ts';
import type { DomainModule } from './domain-module.ts';
import { idempotencyDomain } from './idempotency/idempotency.domain.ts';
import { importsDomain } from './imports/imports.domain.ts';
import { opsDomain } from './ops/ops.domain.ts';
import { pagesDomain } from './pages/pages.domain.ts';
import { statusDomain } from './status/status.domain.ts';
import { tripsDomain } from './trips/trips.domain.ts';
import { type EventResources, RESOURCE_NAMES } from './webhooks/events.ts';
import { webhooksDomain } from './webhooks/webhooks.domain.ts';

export const DOMAINS: readonly DomainModule[] = [
  tripsDomain,
  catalogsDomain,
  importsDomain,
  webhooksDomain,
  authDomain,
  statusDomain,
  bookingsDomain,
  accountsDomain,
  opsDomain,
  idempotencyDomain,
  pagesDomain,
];

/** Every domain's resource loaders, for the event recorder; one missing stops the start. */
export function eventResources(): EventResources {
  const resources = Object.assign({}, ...DOMAINS.map((domain) => domain.events));
  const missing = RESOURCE_NAMES.filter((name) => !resources[name]);
  if (missing.length) throw new Error(`No domain reads the event resources ${missing.join(', ')}.`);
  return resources;
}
