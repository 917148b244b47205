// What GET /catalogs and the GraphQL catalog lists may filter, search and sort: the trips' list
// conventions with the catalog's own fields (docs/decisions.md#lists).
import type { Prisma } from '../db/prisma.ts';
import { listQuery, type ListArgs, type ListSpec } from '../lists/list-query.ts';

export const CATALOG_FILTER_FIELDS = {
  id: 'number',
  title: 'text',
  slug: 'text',
  subtitle: 'text',
  accountId: 'number',
  agentId: 'number',
  accountLogo: 'boolean',
  isPublic: 'boolean',
  sharedWithOrganisation: 'boolean',
  createdAt: 'date',
  updatedAt: 'date',
} as const satisfies ListSpec['filters'];
export const CATALOG_SEARCH_FIELDS = [
  'title',
  'slug',
  'subtitle',
  'description',
  'seoDescription',
] as const;
export const CATALOG_ORDER_FIELDS = ['id', 'title', 'createdAt', 'updatedAt'] as const;

const CATALOG_LIST: ListSpec = {
  filters: CATALOG_FILTER_FIELDS,
  search: CATALOG_SEARCH_FIELDS,
  order: CATALOG_ORDER_FIELDS,
  nullableOrder: new Set(),
  defaultOrder: [{ createdAt: 'desc' }, { id: 'desc' }],
  folded: new Set(['title', 'subtitle', 'description', 'seoDescription']),
};

export function catalogListQuery(args: ListArgs) {
  const query = listQuery(CATALOG_LIST, args);
  return {
    ...query,
    where: query.where as Prisma.CatalogWhereInput,
    orderBy: query.orderBy as Prisma.CatalogOrderByWithRelationInput[],
  };
}
