// The list conventions (docs/decisions.md#lists: page, pageSize, filters, search, orderBy) for any
// resource: each list declares which fields may be filtered (and how), searched and sorted, and
// gets a Prisma `where` and `orderBy`. Every problem is a 400 naming the parameter.
import { INT4, LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import { DATE_TIME_RULE, parseIsoInstant } from '../shared/date-range.ts';
import { didYouMean } from '../shared/did-you-mean.ts';
import { foldCase, foldedField } from './case-fold.ts';

/** How a field filters: its operators and how a value is checked. An array is an enum's values. */
export type FilterKind = 'text' | 'number' | 'date' | 'boolean' | 'countries' | readonly string[];

export interface ListSpec {
  filters: Record<string, FilterKind>;
  search: readonly string[];
  order: readonly string[];
  /** Sort fields that may be null: their nulls come last in either direction. */
  nullableOrder: ReadonlySet<string>;
  defaultOrder: ReadonlyArray<Record<string, 'asc' | 'desc'>>;
  /**
   * Text fields with a folded twin (`titleFolded`, lists/case-fold.ts): their filters and search
   * compare the folded term with it, so case folds for every letter whatever the server's locale.
   * The others (ASCII by construction: slugs, codes) compare by ILIKE.
   */
  folded: ReadonlySet<string>;
}

export interface ListFilter {
  field: string;
  operator: string;
  value: unknown;
}
export interface ListSearch {
  fields?: string[] | null;
  term: string;
}
export interface ListOrder {
  field: string;
  direction?: string | null;
}
export interface ListArgs {
  page?: number | null;
  pageSize?: number | null;
  filters?: ListFilter[] | null;
  search?: ListSearch | null;
  orderBy?: ListOrder | null;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  where: { AND: Array<Record<string, unknown>> };
  orderBy: Array<Record<string, unknown>>;
}

const operatorsOf = (kind: FilterKind): readonly string[] => {
  if (Array.isArray(kind)) return ['eq', 'neq', 'in'];
  switch (kind) {
    case 'text':
      return ['eq', 'neq', 'in', 'contains'];
    case 'number':
    case 'date':
      return ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in'];
    case 'boolean':
      return ['eq', 'neq'];
    default:
      return ['contains', 'in'];
  }
};

/** `page` (from 1) and `pageSize` (default 20, at most 100) of any paginated answer. */
export function pageOf(args: Pick<ListArgs, 'page' | 'pageSize'>): {
  page: number;
  pageSize: number;
} {
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? LIMITS.pageSizeDefault;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > LIMITS.pageSizeMax) {
    throw ValidationError.field(
      'pageSize',
      `pageSize must be an integer from 1 to ${LIMITS.pageSizeMax}.`,
    );
  }
  // The page's offset must fit PostgreSQL's int4 (a larger one was a 500).
  const lastPage = Math.floor(LIMITS.listOffsetMax / pageSize) + 1;
  if (!Number.isInteger(page) || page < 1 || page > lastPage) {
    throw ValidationError.field(
      'page',
      `page must be an integer from 1 to ${lastPage} (at this pageSize).`,
    );
  }
  return { page, pageSize };
}

/** A page's total, counted once however many fields (totalCount, totalPages) ask for it. */
export function countOnce(count: () => Promise<number>): () => Promise<number> {
  let total: Promise<number> | undefined;
  return () => (total ??= count());
}

export function listQuery(spec: ListSpec, args: ListArgs): ListQuery {
  const { page, pageSize } = pageOf(args);
  const filters = args.filters ?? [];
  if (filters.length > LIMITS.listFiltersMax)
    throw ValidationError.field(
      'filters',
      `filters takes at most ${LIMITS.listFiltersMax} conditions.`,
    );
  const where = filters.map((filter, index) => filterWhere(spec, filter, index));
  if (args.search) where.push(searchWhere(spec, args.search));
  return { page, pageSize, where: { AND: where }, orderBy: orderBy(spec, args.orderBy) };
}

function filterWhere(spec: ListSpec, filter: ListFilter, index: number): Record<string, unknown> {
  const fail = (message: string) =>
    ValidationError.field('filters', `filters[${index}]: ${message}`);
  // An own property only: `constructor` or `toString` would find Object.prototype's (a 500).
  const kind = Object.hasOwn(spec.filters, filter.field) ? spec.filters[filter.field] : undefined;
  if (!kind)
    throw fail(
      `unknown field "${filter.field}".${didYouMean(filter.field, Object.keys(spec.filters))} Fields: ${Object.keys(spec.filters).join(', ')}.`,
    );
  const operators = operatorsOf(kind);
  if (!operators.includes(filter.operator)) {
    throw fail(
      `operator "${filter.operator}" does not apply to ${filter.field}.${didYouMean(filter.operator, operators)} Operators: ${operators.join(', ')}.`,
    );
  }
  const value =
    filter.operator === 'in'
      ? Array.isArray(filter.value) &&
        filter.value.length > 0 &&
        filter.value.length <= LIMITS.listInValuesMax
        ? filter.value.map((v) => scalar(kind, v, fail))
        : (() => {
            throw fail(`"in" takes a non-empty array of at most ${LIMITS.listInValuesMax} values.`);
          })()
      : scalar(kind, filter.value, fail);
  if (spec.folded.has(filter.field))
    return { [foldedField(filter.field)]: foldedCondition(filter.operator, value) };
  return { [filter.field]: condition(kind, filter.operator, value) };
}

function scalar(kind: FilterKind, value: unknown, fail: (m: string) => ValidationError): unknown {
  if (Array.isArray(kind)) {
    if (kind.includes(value as string)) return value;
    throw fail(`the value must be one of ${kind.map((v) => `"${v}"`).join(', ')}.`);
  }
  switch (kind) {
    case 'text':
      if (typeof value === 'string') return value;
      throw fail('the value must be a string.');
    case 'countries':
      if (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
      throw fail('the value must be an ISO 3166-1 alpha-3 code.');
    case 'number':
      // The number columns are int4: a larger value was a 500.
      if (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= INT4.min &&
        value <= INT4.max
      )
        return value;
      throw fail(`the value must be an integer from ${INT4.min} to ${INT4.max}.`);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw fail('the value must be true or false.');
    default: {
      // The rule of bodies' dates: a day that does not exist (2026-02-30) was read as the next
      // month's, and year 0000 reached PostgreSQL as a date it refuses (a 500).
      const date = parseIsoInstant(value);
      if (date) return date;
      throw fail(`the value must be ${DATE_TIME_RULE}.`);
    }
  }
}

/**
 * A text as a LIKE pattern that matches only itself: case-insensitive equality and `contains` run
 * as ILIKE (Prisma's SQL, and trips/trip-list.sql.ts), where `%` and `_` are wildcards and `\`
 * escapes (a value ending in `\` was a 500, and `50%` matched "500 km").
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function condition(kind: FilterKind, operator: string, value: unknown): unknown {
  if (kind === 'countries') return operator === 'in' ? { hasSome: value } : { has: value };
  const text = kind === 'text';
  const insensitive = text ? { mode: 'insensitive' as const } : {};
  const literal = text && typeof value === 'string' ? likeLiteral(value) : value;
  switch (operator) {
    case 'eq':
      return { equals: literal, ...insensitive };
    case 'neq':
      return { not: literal, ...insensitive };
    case 'in':
      return { in: value, ...insensitive };
    case 'contains':
      return { contains: literal, ...insensitive };
    default:
      return { [operator]: value };
  }
}

/** A text condition on a folded twin: the value folded alike, compared case-sensitively. */
function foldedCondition(operator: string, value: unknown): unknown {
  const fold = (v: unknown) => foldCase(v as string);
  switch (operator) {
    case 'eq':
      return { equals: fold(value) };
    case 'neq':
      return { not: fold(value) };
    case 'in':
      return { in: (value as unknown[]).map(fold) };
    default:
      return { contains: likeLiteral(fold(value)) };
  }
}

function searchWhere(spec: ListSpec, search: ListSearch): Record<string, unknown> {
  // Each field once, however often it is named (10,000 copies made 10,000 ORs).
  const fields = search.fields?.length ? [...new Set(search.fields)] : [...spec.search];
  const unknown = fields.filter((f) => !spec.search.includes(f));
  if (unknown.length) {
    throw ValidationError.field(
      'search',
      `unknown search fields: ${unknown.join(', ')}.${didYouMean(unknown[0]!, spec.search)} Fields: ${spec.search.join(', ')}.`,
    );
  }
  if (typeof search.term !== 'string')
    throw ValidationError.field('search', 'search.term must be a string.');
  const term = search.term.trim();
  if (term.length > LIMITS.listSearchTermMax)
    throw ValidationError.field(
      'search',
      `search.term takes at most ${LIMITS.listSearchTermMax} characters.`,
    );
  if (!term) return {};
  const literal = likeLiteral(term);
  const folded = likeLiteral(foldCase(term));
  return {
    OR: fields.map((field) =>
      spec.folded.has(field)
        ? { [foldedField(field)]: { contains: folded } }
        : { [field]: { contains: literal, mode: 'insensitive' } },
    ),
  };
}

function orderBy(
  spec: ListSpec,
  order: ListOrder | null | undefined,
): Array<Record<string, unknown>> {
  if (!order) return [...spec.defaultOrder];
  if (!spec.order.includes(order.field)) {
    throw ValidationError.field(
      'orderBy',
      `unknown field "${order.field}".${didYouMean(order.field, spec.order)} Fields: ${spec.order.join(', ')}.`,
    );
  }
  const direction = order.direction ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc')
    throw ValidationError.field('orderBy', 'direction must be "asc" or "desc".');
  // Rows without a value come last in either direction; the id makes the order total (stable pages).
  const first = spec.nullableOrder.has(order.field)
    ? { [order.field]: { sort: direction, nulls: 'last' } }
    : { [order.field]: direction };
  return order.field === 'id' ? [first] : [first, { id: direction }];
}
