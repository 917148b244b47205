// The catalog parts of the document: response schemas (from the specification's catalog table
// plus isPublic, sharedWithOrganisation and tripCount) and examples.
import { id, nullable, page, ref, timestamp, url } from '../openapi/schema-parts.ts';
import type { Example, Schema } from '../openapi/types.ts';

const filters: Schema = {
  type: 'object',
  required: ['countries', 'month', 'duration'],
  description: 'Which filters the catalog page offers its visitors.',
  properties: {
    countries: { type: 'boolean' },
    month: { type: 'boolean' },
    duration: { type: 'boolean' },
  },
};

const publicCatalogProperties: Record<string, Schema> = {
  id,
  slug: { type: 'string', description: 'The title plus 6 random characters.' },
  title: { type: 'string' },
  subtitle: nullable({ type: 'string' }),
  description: nullable({ type: 'string' }),
  seoDescription: nullable({ type: 'string' }),
  pictureUrl: nullable(url),
  logoUrl: nullable(url),
  accountLogo: { type: 'boolean', description: "Show the account's logo on the catalog page." },
  filters,
  createdAt: timestamp,
  updatedAt: timestamp,
};

const catalogProperties: Record<string, Schema> = {
  ...publicCatalogProperties,
  accountId: { ...id, description: 'The account that owns the catalog.' },
  agentId: { ...id, description: 'The agent who created it.' },
  isPublic: {
    type: 'boolean',
    description: 'Served without a key at /catalogs/public/{idOrSlug}.',
  },
  sharedWithOrganisation: {
    type: 'boolean',
    description: 'Every account of the organisation can read it and add its own trips.',
  },
  tripIds: {
    type: 'array',
    items: id,
    description:
      'Every trip of the catalog in catalog order, including trips of other accounts of the organisation the caller may not read. Trips in the trash are left out until restored.',
  },
  tripCount: { type: 'integer', minimum: 0, description: 'How many trips tripIds lists.' },
};

const publicTripProperties: Record<string, Schema> = {
  id,
  title: { type: 'string' },
  slug: { type: 'string' },
  seoDescription: nullable({ type: 'string' }),
  duration: nullable({ type: 'integer', minimum: 1 }),
  dateStart: nullable(timestamp),
  dateFinish: nullable(timestamp),
  dateExpiration: nullable(timestamp),
  logo: nullable(url),
  countries: { type: 'array', items: { type: 'string', pattern: '^[A-Z]{3}$' } },
  imageUrl: nullable(url),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export function catalogSchemas(): Record<string, Schema> {
  return {
    Catalog: {
      type: 'object',
      required: Object.keys(catalogProperties),
      properties: catalogProperties,
    },
    CatalogPage: page(ref('Catalog')),
    PublicTrip: {
      type: 'object',
      required: Object.keys(publicTripProperties),
      properties: publicTripProperties,
      description: 'A public trip: no codes, no owner ids.',
    },
    PublicCatalog: {
      type: 'object',
      required: [...Object.keys(publicCatalogProperties), 'trips'],
      properties: {
        ...publicCatalogProperties,
        trips: {
          ...page(ref('PublicTrip')),
          description: 'Its public trips outside the trash, in catalog order.',
        },
      },
    },
    CatalogBulkDeleteResult: {
      type: 'object',
      required: ['message', 'deletedCount'],
      properties: {
        message: { type: 'string' },
        deletedCount: {
          type: 'integer',
          minimum: 0,
          description: 'How many catalogs were moved to the trash.',
        },
      },
    },
  };
}

const catalog = {
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

export const CATALOG_EXAMPLES = {
  Catalog: { summary: 'A catalog', value: catalog },
  CatalogPage: {
    summary: 'One page of catalogs',
    value: { data: [catalog], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 },
  },
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
  },
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
  CatalogBulkDeleteResult: {
    summary: 'One deleted, one skipped',
    value: { message: '1 catalog deleted.', deletedCount: 1 },
  },
} satisfies Record<string, Example>;
