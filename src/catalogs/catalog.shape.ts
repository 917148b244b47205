// A catalog's shape, written once (docs/decisions.md#catalogs,
// docs/decisions.md#events-and-webhooks): GET /catalogs/{id} answers it and catalog events carry
// it; its public page shows a part of it with its public trips. The document's schemas, the REST
// selections and the event payload's type derive from it; test/unit/pothos-shapes.test.ts holds the
// Pothos types to it.
import { z } from 'zod';
import {
  bulkDeleteResultOf,
  id,
  pageOf,
  type ShapeExample,
  timestamp,
  url,
} from '../shared/shape-parts.ts';
import { publicTripShape } from '../trips/trip.shape.ts';

const filtersShape = z
  .object({ countries: z.boolean(), month: z.boolean(), duration: z.boolean() })
  .meta({ description: 'Which filters the catalog page offers its visitors.' });

export const catalogShape = z.object({
  id: id(),
  accountId: id().meta({ description: 'The account that owns the catalog.' }),
  agentId: id().meta({ description: 'The agent who created it.' }),
  slug: z.string().meta({ description: 'The title plus 6 random characters.' }),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  seoDescription: z.string().nullable(),
  pictureUrl: url().nullable(),
  logoUrl: url().nullable(),
  accountLogo: z.boolean().meta({ description: "Show the account's logo on the catalog page." }),
  filters: filtersShape,
  isPublic: z
    .boolean()
    .meta({ description: 'Served without a key at /catalogs/public/{idOrSlug}.' }),
  sharedWithOrganisation: z.boolean().meta({
    description: 'Every account of the organisation can read it and add its own trips.',
  }),
  tripIds: z.array(id()).meta({
    description:
      'Every trip of the catalog in catalog order, including trips of other accounts of the organisation the caller may not read. Trips in the trash are left out until restored.',
  }),
  tripCount: z.int().min(0).meta({ description: 'How many trips tripIds lists.' }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type CatalogShape = z.output<typeof catalogShape>;

export const catalogPageShape = pageOf(catalogShape);

/** A public catalog as its public page shows it: no owner, no sharing, and its public trips. */
export const publicCatalogFieldsShape = catalogShape.pick({
  id: true,
  slug: true,
  title: true,
  subtitle: true,
  description: true,
  seoDescription: true,
  pictureUrl: true,
  logoUrl: true,
  accountLogo: true,
  filters: true,
  createdAt: true,
  updatedAt: true,
});
export const publicTripPageShape = pageOf(publicTripShape).meta({
  description: 'Its public trips outside the trash, in catalog order.',
});
export const publicCatalogShape = publicCatalogFieldsShape.extend({ trips: publicTripPageShape });

/** The catalog of catalog.deleted: as it was when deleted, with deletedAt. */
export const deletedCatalogShape = z
  .intersection(catalogShape, z.object({ deletedAt: timestamp() }))
  .meta({
    description:
      'The catalog as it was when deleted (the GET /catalogs/{id} shape), with deletedAt.',
  });

export const catalogBulkDeleteResultShape = bulkDeleteResultOf('catalogs');

/** The document's components, by name. */
export const CATALOG_SHAPES = {
  Catalog: catalogShape,
  CatalogPage: catalogPageShape,
  PublicCatalog: publicCatalogShape,
  CatalogBulkDeleteResult: catalogBulkDeleteResultShape,
  DeletedCatalog: deletedCatalogShape,
};

const catalog: CatalogShape = {
  id: 7,
  accountId: 1,
  agentId: 1,
  slug: 'summer-in-europe-x1y2z3',
  title: 'Summer in Europe',
  subtitle: 'Ten cities, one season',
  description: 'Our favourite European trips for July and August.',
  seoDescription: 'Summer trips to Europe.',
  pictureUrl: 'https://images.example.com/europe.jpg',
  logoUrl: null,
  accountLogo: true,
  filters: { countries: true, month: true, duration: false },
  isPublic: true,
  sharedWithOrganisation: false,
  tripIds: [1, 4, 2],
  tripCount: 3,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-04T17:12:00.000Z',
};
const {
  accountId: _a,
  agentId: _g,
  isPublic: _p,
  sharedWithOrganisation: _s,
  tripIds: _t,
  tripCount: _c,
  ...publicCatalog
} = catalog;

/** The examples of the catalog's shapes. */
export const CATALOG_SHAPE_EXAMPLES = {
  Catalog: { summary: 'A catalog', value: catalog } satisfies ShapeExample<typeof catalogShape>,
  CatalogPage: {
    summary: 'One page of catalogs',
    value: { data: [catalog], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 },
  } satisfies ShapeExample<typeof catalogPageShape>,
  PublicCatalog: {
    summary: 'A public catalog with its public trips',
    value: {
      ...publicCatalog,
      trips: {
        data: [
          {
            id: 1,
            title: 'Paris Summer Vacation',
            slug: 'paris-summer-vacation-abc123',
            seoDescription: null,
            duration: 5,
            dateStart: '2026-07-01T00:00:00.000Z',
            dateFinish: '2026-07-06T00:00:00.000Z',
            dateExpiration: null,
            logo: null,
            countries: ['FRA'],
            imageUrl: null,
            createdAt: '2026-03-02T09:30:00.000Z',
            updatedAt: '2026-03-02T09:30:00.000Z',
          },
        ],
        page: 1,
        pageSize: 20,
        totalCount: 1,
        totalPages: 1,
      },
    },
  } satisfies ShapeExample<typeof publicCatalogShape>,
  CatalogBulkDeleteResult: {
    summary: 'One deleted, one skipped',
    value: { message: '1 catalog deleted.', deletedCount: 1 },
  } satisfies ShapeExample<typeof catalogBulkDeleteResultShape>,
};
