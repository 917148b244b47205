// The examples of the catalog request bodies (the answers' are beside their shapes, catalog.shape.ts).
import type { Example } from '../openapi/types.ts';

export const CATALOG_EXAMPLES = {
  CreateCatalog: {
    summary: 'A catalog of three trips',
    value: {
      title: 'Summer in Europe',
      isPublic: true,
      filters: { countries: true },
      tripIds: [1, 4, 2],
    },
  },
  UpdateCatalog: {
    summary: 'Reorder the trips and share it',
    value: { tripIds: [4, 1, 2], sharedWithOrganisation: true },
  },
  BulkDeleteCatalogs: { summary: 'Two catalogs', value: { catalogIds: [7, 8] } },
  BulkDeleteCatalogsById: { summary: 'The catalogId form', value: { catalogId: [9] } },
} satisfies Record<string, Example>;
