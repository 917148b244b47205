// What GET /trips and the GraphQL trip lists may filter, search and sort (docs/decisions.md#lists).
import type { Prisma } from '../db/prisma.ts';
import { listQuery, type ListArgs, type ListSpec } from '../lists/list-query.ts';

export const FILTER_FIELDS = {
  id: 'number',
  title: 'text',
  slug: 'text',
  code: 'text',
  duration: 'number',
  dateStart: 'date',
  dateFinish: 'date',
  dateExpiration: 'date',
  countries: 'countries',
  template: 'boolean',
  visibility: ['public', 'private'],
  agentId: 'number',
  visualizations: 'number',
  createdAt: 'date',
  updatedAt: 'date',
} as const satisfies ListSpec['filters'];
export const SEARCH_FIELDS = ['title', 'slug', 'code', 'seoDescription'] as const;
export const ORDER_FIELDS = [
  'id',
  'title',
  'duration',
  'dateStart',
  'dateFinish',
  'createdAt',
  'updatedAt',
  'visualizations',
] as const;

const TRIP_LIST: ListSpec = {
  filters: FILTER_FIELDS,
  search: SEARCH_FIELDS,
  order: ORDER_FIELDS,
  nullableOrder: new Set(['duration', 'dateStart', 'dateFinish']),
  defaultOrder: [{ createdAt: 'desc' }, { id: 'desc' }],
  folded: new Set(['title', 'seoDescription']),
};

export type TripListArgs = ListArgs;

export function tripListQuery(args: TripListArgs) {
  const query = listQuery(TRIP_LIST, args);
  return {
    ...query,
    where: query.where as Prisma.TripWhereInput,
    orderBy: query.orderBy as Prisma.TripOrderByWithRelationInput[],
  };
}
