// The list query of GET /trips and the GraphQL `trips` field (decisions "Lists"): which fields
// may be filtered (and with which operators), searched and sorted, turned into a Prisma `where`
// and `orderBy`. Every problem is a 400 naming the parameter.
import type { Prisma } from '../db/prisma.ts';
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';

type Kind = 'text' | 'number' | 'date' | 'boolean' | 'visibility' | 'countries';

const FILTER_FIELDS: Record<string, Kind> = {
  id: 'number', title: 'text', slug: 'text', code: 'text', duration: 'number', dateStart: 'date',
  dateFinish: 'date', dateExpiration: 'date', countries: 'countries', template: 'boolean',
  visibility: 'visibility', agentId: 'number', visualizations: 'number', createdAt: 'date', updatedAt: 'date',
};
const OPERATORS: Record<Kind, readonly string[]> = {
  text: ['eq', 'neq', 'in', 'contains'],
  visibility: ['eq', 'neq', 'in'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in'],
  boolean: ['eq', 'neq'],
  countries: ['contains', 'in'],
};
export const SEARCH_FIELDS = ['title', 'slug', 'code', 'seoDescription'] as const;
export const ORDER_FIELDS = ['id', 'title', 'duration', 'dateStart', 'dateFinish', 'createdAt', 'updatedAt', 'visualizations'] as const;

export interface TripFilter { field: string; operator: string; value: unknown }
export interface TripSearch { fields?: string[] | null; term: string }
export interface TripOrder { field: string; direction?: string | null }
export interface TripListArgs {
  page?: number | null;
  pageSize?: number | null;
  filters?: TripFilter[] | null;
  search?: TripSearch | null;
  orderBy?: TripOrder | null;
}

export function tripListQuery(args: TripListArgs) {
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? LIMITS.pageSizeDefault;
  if (!Number.isInteger(page) || page < 1) throw ValidationError.field('page', 'page must be an integer of at least 1.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > LIMITS.pageSizeMax) {
    throw ValidationError.field('pageSize', `pageSize must be an integer from 1 to ${LIMITS.pageSizeMax}.`);
  }
  const where: Prisma.TripWhereInput[] = (args.filters ?? []).map((filter, index) => filterWhere(filter, index));
  if (args.search) where.push(searchWhere(args.search));
  return { page, pageSize, where: { AND: where } satisfies Prisma.TripWhereInput, orderBy: orderBy(args.orderBy) };
}

function filterWhere(filter: TripFilter, index: number): Prisma.TripWhereInput {
  const fail = (message: string) => ValidationError.field('filters', `filters[${index}]: ${message}`);
  const kind = FILTER_FIELDS[filter.field];
  if (!kind) throw fail(`unknown field "${filter.field}". Fields: ${Object.keys(FILTER_FIELDS).join(', ')}.`);
  if (!OPERATORS[kind].includes(filter.operator)) {
    throw fail(`operator "${filter.operator}" does not apply to ${filter.field}. Operators: ${OPERATORS[kind].join(', ')}.`);
  }
  const value = filter.operator === 'in'
    ? (Array.isArray(filter.value) && filter.value.length > 0 && filter.value.length <= 100
        ? filter.value.map((v) => scalar(kind, v, fail))
        : (() => { throw fail('"in" takes a non-empty array of at most 100 values.'); })())
    : scalar(kind, filter.value, fail);
  return { [filter.field]: condition(kind, filter.operator, value) };
}

function scalar(kind: Kind, value: unknown, fail: (m: string) => ValidationError): unknown {
  switch (kind) {
    case 'text':
      if (typeof value === 'string') return value;
      throw fail('the value must be a string.');
    case 'visibility':
      if (value === 'public' || value === 'private') return value;
      throw fail('the value must be "public" or "private".');
    case 'countries':
      if (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
      throw fail('the value must be an ISO 3166-1 alpha-3 code.');
    case 'number':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw fail('the value must be an integer.');
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw fail('the value must be true or false.');
    case 'date': {
      const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : undefined;
      if (date && !Number.isNaN(date.getTime())) return date;
      throw fail('the value must be an ISO 8601 date-time.');
    }
  }
}

function condition(kind: Kind, operator: string, value: unknown): unknown {
  if (kind === 'countries') return operator === 'in' ? { hasSome: value } : { has: value };
  const insensitive = kind === 'text' ? { mode: 'insensitive' as const } : {};
  switch (operator) {
    case 'eq': return { equals: value, ...insensitive };
    case 'neq': return { not: value, ...insensitive };
    case 'in': return { in: value, ...insensitive };
    case 'contains': return { contains: value, ...insensitive };
    default: return { [operator]: value };
  }
}

function searchWhere(search: TripSearch): Prisma.TripWhereInput {
  const fields = search.fields?.length ? search.fields : [...SEARCH_FIELDS];
  const unknown = fields.filter((f) => !(SEARCH_FIELDS as readonly string[]).includes(f));
  if (unknown.length) throw ValidationError.field('search', `unknown search fields: ${unknown.join(', ')}. Fields: ${SEARCH_FIELDS.join(', ')}.`);
  if (typeof search.term !== 'string') throw ValidationError.field('search', 'search.term must be a string.');
  const term = search.term.trim();
  if (!term) return {};
  return { OR: fields.map((field) => ({ [field]: { contains: term, mode: 'insensitive' } })) };
}

const NULLABLE_ORDER_FIELDS = new Set(['duration', 'dateStart', 'dateFinish']);

function orderBy(order: TripOrder | null | undefined): Prisma.TripOrderByWithRelationInput[] {
  if (!order) return [{ createdAt: 'desc' }, { id: 'desc' }];
  if (!(ORDER_FIELDS as readonly string[]).includes(order.field)) {
    throw ValidationError.field('orderBy', `unknown field "${order.field}". Fields: ${ORDER_FIELDS.join(', ')}.`);
  }
  const direction = order.direction ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc') throw ValidationError.field('orderBy', 'direction must be "asc" or "desc".');
  // Trips without a value come last in either direction; the id makes the order total (stable pages).
  const first = NULLABLE_ORDER_FIELDS.has(order.field) ? { [order.field]: { sort: direction, nulls: 'last' } } : { [order.field]: direction };
  return (order.field === 'id' ? [first] : [first, { id: direction }]) as Prisma.TripOrderByWithRelationInput[];
}
