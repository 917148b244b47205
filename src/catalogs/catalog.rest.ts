// /catalogs: REST facade over the GraphQL catalog operations (docs/decisions.md#catalogs).
import type { GraphQLSchema } from 'graphql';
import { bulkDeleteCatalogsBody, createCatalogInput, updateCatalogInput } from './catalog.input.ts';
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import { parseOrThrow } from '../validation.ts';
import { readJson } from '../rest/body.ts';
import { answer, prepareOperation, runOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import { idParam, listParams, pageParams, textParam } from '../rest/params.ts';
import type { RestRouter } from '../rest/types.ts';
import { selectionOf } from '../rest/selection.ts';
import { TRIP_LIST_ITEM_FIELDS } from '../trips/trip.rest.ts';
import {
  catalogBulkDeleteResultShape,
  catalogShape,
  publicCatalogFieldsShape,
  publicTripPageShape,
} from './catalog.shape.ts';

/** The GraphQL selections, from the shapes the routes answer with. */
export const CATALOG_FIELDS = selectionOf(catalogShape);
const PUBLIC_CATALOG_FIELDS = selectionOf(publicCatalogFieldsShape);
const PUBLIC_TRIP_PAGE_FIELDS = selectionOf(publicTripPageShape);
const BULK_DELETE_FIELDS = selectionOf(catalogBulkDeleteResultShape);

export function registerCatalogRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const LIST = prepareOperation(
    schema,
    `
    query Catalogs($page: Int, $pageSize: Int, $filters: [ListFilterInput!], $search: ListSearchInput, $orderBy: ListOrderInput) {
      catalogs(page: $page, pageSize: $pageSize, filters: $filters, search: $search, orderBy: $orderBy) {
        data { ${CATALOG_FIELDS} } page pageSize totalCount totalPages
      }
    }`,
  );
  const GET = prepareOperation(
    schema,
    `query Catalog($id: Int!) { catalog(id: $id) { ${CATALOG_FIELDS} } }`,
  );
  const TRIPS = prepareOperation(
    schema,
    `
    query CatalogTrips($catalogId: Int!, $page: Int, $pageSize: Int) {
      catalogTrips(catalogId: $catalogId, page: $page, pageSize: $pageSize) {
        data { ${TRIP_LIST_ITEM_FIELDS} } page pageSize totalCount totalPages
      }
    }`,
  );
  const PUBLIC = prepareOperation(
    schema,
    `
    query PublicCatalog($idOrSlug: String!, $page: Int, $pageSize: Int) {
      publicCatalog(idOrSlug: $idOrSlug) {
        ${PUBLIC_CATALOG_FIELDS}
        trips(page: $page, pageSize: $pageSize) { ${PUBLIC_TRIP_PAGE_FIELDS} }
      }
    }`,
  );
  const CREATE = prepareOperation(
    schema,
    `
    mutation CreateCatalog($input: CreateCatalogInput!) { createCatalog(input: $input) { ${CATALOG_FIELDS} } }`,
  );
  const UPDATE = prepareOperation(
    schema,
    `
    mutation UpdateCatalog($id: Int!, $input: UpdateCatalogInput!) { updateCatalog(id: $id, input: $input) { ${CATALOG_FIELDS} } }`,
  );
  const DELETE = prepareOperation(
    schema,
    'mutation DeleteCatalog($id: Int!) { deleteCatalog(id: $id) }',
  );
  const DELETE_MANY = prepareOperation(
    schema,
    `
    mutation DeleteCatalogs($ids: [Int!]!) { deleteCatalogs(ids: $ids) { ${BULK_DELETE_FIELDS} } }`,
  );

  router.get('/catalogs', (request, context) => answer(schema, LIST, context, listParams(request)));

  router.post('/catalogs', async (request, context) => {
    const body = await readJson(request, LIMITS.jsonBodyBytes);
    parseOrThrow(createCatalogInput, body); // field-level messages before GraphQL sees the input
    return answer(schema, CREATE, context, { input: body }, 201);
  });

  router.delete('/catalogs', async (request, context) =>
    answer(schema, DELETE_MANY, context, {
      ids: parseOrThrow(bulkDeleteCatalogsBody, await readJson(request, LIMITS.jsonBodyBytes)),
    }),
  );

  // Before /catalogs/:id, which would take "public" for an id.
  router.get('/catalogs/public/:idOrSlug', (request, context) =>
    answer(schema, PUBLIC, context, {
      idOrSlug: textParam(request.params.idOrSlug),
      ...pageParams(request),
    }),
  );

  router.get('/catalogs/:id', (request, context) =>
    answer(schema, GET, context, { id: idParam(request.params.id, 'id') }),
  );

  router.get('/catalogs/:id/trips', (request, context) =>
    answer(schema, TRIPS, context, {
      catalogId: idParam(request.params.id, 'id'),
      ...pageParams(request),
    }),
  );

  router.patch('/catalogs/:id', async (request, context) => {
    const id = idParam(request.params.id, 'id');
    const body = await readJson(request, LIMITS.jsonBodyBytes);
    parseOrThrow(updateCatalogInput, body);
    if (Object.keys(body as object).length === 0)
      throw ValidationError.field('body', 'Give at least one field to change.');
    return answer(schema, UPDATE, context, { id, input: body });
  });

  router.delete('/catalogs/:id', async (request, context) => {
    await runOperation(schema, DELETE, context, { id: idParam(request.params.id, 'id') });
    return jsonResponse({ message: 'Catalog moved to the trash.' });
  });
}
