// /catalogs (docs/decisions.md#catalogs).
import {
  CATALOG_FILTER_FIELDS,
  CATALOG_ORDER_FIELDS,
  CATALOG_SEARCH_FIELDS,
} from './catalog-list.input.ts';
import {
  body,
  callerOperation,
  exampleRef,
  json,
  listParameters,
  ok,
  parameterRef,
  publicOperation,
  schemaRef,
} from '../openapi/operations.ts';
import type { Paths, RequestBodyInput } from '../openapi/types.ts';
import { bulkDeleteCatalogsBody, createCatalogInput, updateCatalogInput } from './catalog.input.ts';

const TAGS = ['Catalogs'];

export function catalogPaths(): Paths {
  return {
    '/catalogs': {
      get: callerOperation('read:catalogs', {
        operationId: 'listCatalogs',
        summary: 'List catalogs',
        description:
          "Catalogs the caller can read: its account's, and those other accounts of its organisation share (sharedWithOrganisation). Never the trash.",
        tags: TAGS,
        parameters: listParameters(
          {
            filter: CATALOG_FILTER_FIELDS,
            search: CATALOG_SEARCH_FIELDS,
            order: CATALOG_ORDER_FIELDS,
          },
          {
            filters: [{ field: 'isPublic', operator: 'eq', value: true }],
            search: { fields: ['title'], term: 'summer' },
            orderBy: { field: 'title', direction: 'asc' },
          },
        ),
        responses: {
          '200': ok(
            'One page of catalogs.',
            json(schemaRef('CatalogPage'), { page: exampleRef('CatalogPage') }),
          ),
        },
      }),
      post: callerOperation('create:catalogs', {
        operationId: 'createCatalog',
        summary: 'Create a catalog',
        description:
          'Only title is required; slug is generated. tripIds sets the trips and their order; each must be a trip the caller can read (400 naming tripIds[i] otherwise).',
        tags: TAGS,
        requestBody: body(
          json(schemaRef('CreateCatalogRequest'), { create: exampleRef('CreateCatalog') }),
        ),
        responses: {
          '201': ok(
            'The created catalog.',
            json(schemaRef('Catalog'), { catalog: exampleRef('Catalog') }),
          ),
        },
        errors: ['PayloadTooLarge'],
      }),
      delete: callerOperation('delete:catalogs', {
        operationId: 'deleteCatalogs',
        summary: 'Delete several catalogs',
        description:
          "Moves up to 100 catalogs of the caller's account to the trash. Ids that are missing, already deleted or of another account are skipped; deletedCount counts what was deleted.",
        tags: TAGS,
        requestBody: body(
          json(schemaRef('BulkDeleteCatalogsRequest'), {
            catalogIds: exampleRef('BulkDeleteCatalogs'),
            catalogId: exampleRef('BulkDeleteCatalogsById'),
          }),
        ),
        responses: {
          '200': ok(
            'What was deleted.',
            json(schemaRef('CatalogBulkDeleteResult'), {
              deleted: exampleRef('CatalogBulkDeleteResult'),
            }),
          ),
        },
        errors: ['PayloadTooLarge'],
      }),
    },
    '/catalogs/public/{idOrSlug}': {
      get: publicOperation({
        operationId: 'getPublicCatalog',
        summary: 'Get a public catalog',
        description:
          'No key needed. 404 unless the catalog is public and outside the trash. Lists only public trips outside the trash, with public fields only.',
        tags: TAGS,
        parameters: [parameterRef('IdOrSlug'), parameterRef('Page'), parameterRef('PageSize')],
        responses: {
          '200': ok(
            'The catalog and one page of its public trips.',
            json(schemaRef('PublicCatalog'), { catalog: exampleRef('PublicCatalog') }),
          ),
        },
        errors: ['NotFound'],
      }),
    },
    '/catalogs/{id}': {
      parameters: [parameterRef('CatalogId')],
      get: callerOperation('read:catalogs', {
        operationId: 'getCatalog',
        summary: 'Get a catalog',
        tags: TAGS,
        responses: {
          '200': ok('The catalog.', json(schemaRef('Catalog'), { catalog: exampleRef('Catalog') })),
        },
        errors: ['NotFound'],
      }),
      patch: callerOperation('update:catalogs', {
        operationId: 'updateCatalog',
        summary: 'Update a catalog',
        description:
          'Every writable field; tripIds replaces the list and its order. Other accounts of the organisation may only change tripIds of a shared catalog: add trips they can read, reorder, and remove their own (403 otherwise).',
        tags: TAGS,
        requestBody: body(
          json(schemaRef('UpdateCatalogRequest'), { update: exampleRef('UpdateCatalog') }),
        ),
        responses: {
          '200': ok(
            'The updated catalog.',
            json(schemaRef('Catalog'), { catalog: exampleRef('Catalog') }),
          ),
        },
        errors: ['NotFound', 'PayloadTooLarge'],
      }),
      delete: callerOperation('delete:catalogs', {
        operationId: 'deleteCatalog',
        summary: 'Delete a catalog',
        description:
          'Moves the catalog to the trash, restorable for 90 days. Only its own account may (403 for others that can read it).',
        tags: TAGS,
        responses: { '200': ok('The catalog is in the trash.', json(schemaRef('Message'))) },
        errors: ['NotFound'],
      }),
    },
    '/catalogs/{id}/trips': {
      parameters: [parameterRef('CatalogId')],
      get: callerOperation('read:catalogs', {
        operationId: 'listCatalogTrips',
        summary: "List a catalog's trips",
        description: "The catalog's trips the caller can read, in catalog order, paginated.",
        tags: TAGS,
        parameters: [parameterRef('Page'), parameterRef('PageSize')],
        responses: {
          '200': ok(
            "One page of the catalog's trips.",
            json(schemaRef('TripPage'), { page: exampleRef('TripPage') }),
          ),
        },
        errors: ['NotFound'],
      }),
    },
  };
}

/** The request bodies of the catalogs paths, by component name. */
export const CATALOG_REQUEST_BODIES: Record<string, RequestBodyInput> = {
  CreateCatalogRequest: { schema: createCatalogInput },
  UpdateCatalogRequest: { schema: updateCatalogInput },
  BulkDeleteCatalogsRequest: { schema: bulkDeleteCatalogsBody },
};
