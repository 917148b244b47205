// The catalogs domain: ordered selections of trips, shared or public, and their trash.
import type { DomainModule } from '../domain-module.ts';
import { CATALOG_EXAMPLES } from './catalog.examples.ts';
import { CATALOG_REQUEST_BODIES, catalogPaths } from './catalog.openapi.ts';
import { loadCatalogEventData } from './catalog.payload.ts';
import { registerCatalogRoutes } from './catalog.rest.ts';
import { CATALOG_SHAPE_EXAMPLES, CATALOG_SHAPES } from './catalog.shape.ts';
import { purgeCatalogTrashWorker } from './catalogs.jobs.ts';

export const catalogsDomain: DomainModule = {
  name: 'catalogs',
  graphql: () => import('./catalog.schema.ts'),
  routes: { on: ['api'], register: registerCatalogRoutes },
  openapi: {
    paths: catalogPaths,
    shapes: CATALOG_SHAPES,
    requestBodies: CATALOG_REQUEST_BODIES,
    examples: { ...CATALOG_SHAPE_EXAMPLES, ...CATALOG_EXAMPLES },
  },
  jobs: [purgeCatalogTrashWorker],
  events: { catalog: loadCatalogEventData },
};
