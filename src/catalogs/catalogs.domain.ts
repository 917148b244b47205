// The catalogs domain: ordered selections of trips, shared or public, and their trash.
import type { DomainModule } from '../domain-module.ts';
import { catalogPaths } from './catalog.openapi.ts';
import { loadCatalogEventData } from './catalog.payload.ts';
import { registerCatalogRoutes } from './catalog.rest.ts';
import { purgeCatalogTrashWorker } from './catalogs.jobs.ts';

export const catalogsDomain: DomainModule = {
  name: 'catalogs',
  graphql: () => import('./catalog.schema.ts'),
  routes: { on: ['api'], register: registerCatalogRoutes },
  openapi: { paths: catalogPaths },
  jobs: [purgeCatalogTrashWorker],
  events: { catalog: loadCatalogEventData },
};
