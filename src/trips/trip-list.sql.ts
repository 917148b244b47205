// A page of the caller's trips in hand-written SQL instead of Prisma's query engine: the list's
// `where` and `orderBy` (lists/list-query.ts, a small part of Prisma's filter language) compiled to
// the SQL Prisma itself runs for them (same operators: LIKE for contains on the folded columns,
// ILIKE for case-insensitive equality and contains, LOWER(...) IN for case-insensitive lists, @>
// and && for countries), and the rows mapped
// by trip.row.ts. A condition outside that part returns undefined: the caller uses Prisma.
// Why: on a page of 20, Prisma's runtime cost more CPU than the statement (issue 16).
import type { Actor } from '../auth/actor.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { sqlRows } from '../db/sql.ts';
import { tripCountCache } from './trip-count-cache.ts';
import { type LoadedTrip, TRIP_COLUMNS, tripOf } from './trip.row.ts';

const COLUMNS: Record<string, string> = {
  id: 'id',
  title: 'title',
  slug: 'slug',
  code: 'code',
  seoDescription: 'seo_description',
  titleFolded: 'title_folded',
  seoDescriptionFolded: 'seo_description_folded',
  duration: 'duration',
  dateStart: 'date_start',
  dateFinish: 'date_finish',
  dateExpiration: 'date_expiration',
  countries: 'countries',
  template: 'template',
  visibility: 'visibility',
  agentId: 'agent_id',
  visualizations: 'visualizations',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const COMPARISONS: Record<string, string> = {
  equals: '=',
  not: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

export interface CompiledList {
  /** The conditions after WHERE (the caller's account and the trash included). */
  where: string;
  orderBy: string;
  values: unknown[];
  /** The parameter holding the caller's account id (`$n`). */
  account: string;
}

/** The SQL of a list's where and order, or undefined when they use more than the list language. */
export function compileTripList(
  actor: Actor,
  where: Prisma.TripWhereInput,
  orderBy: Prisma.TripOrderByWithRelationInput[],
): CompiledList | undefined {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value instanceof Date ? value.toISOString() : value);
    return `$${values.length}`;
  };
  const keys = Object.keys(where);
  if (keys.some((k) => k !== 'AND')) return undefined;
  const conditions: string[] = [];
  for (const part of (Array.isArray(where.AND) ? where.AND : [where.AND ?? {}]) as Array<
    Record<string, unknown>
  >) {
    const sql = partSql(part, param);
    if (sql === undefined) return undefined;
    if (sql) conditions.push(sql);
  }
  const account = param(actor.accountId);
  conditions.push(`t.account_id = ${account}`, 't.deleted_at IS NULL');
  const order = orderSql(orderBy);
  if (!order) return undefined;
  return { where: conditions.join(' AND '), orderBy: order, values, account };
}

type Param = (value: unknown) => string;

/** One element of AND: `{}`, `{field: condition}` or `{OR: [{field: condition}, ...]}`. */
function partSql(part: Record<string, unknown>, param: Param): string | undefined {
  const entries = Object.entries(part);
  if (entries.length === 0) return '';
  if (entries.length !== 1) return undefined;
  const [field, condition] = entries[0]!;
  if (field === 'OR') {
    if (!Array.isArray(condition) || condition.length === 0) return undefined;
    const alternatives = condition.map((c: Record<string, unknown>) => partSql(c, param));
    if (alternatives.some((a) => !a)) return undefined;
    return `(${alternatives.join(' OR ')})`;
  }
  return conditionSql(field, condition as Record<string, unknown>, param);
}

function conditionSql(
  field: string,
  condition: Record<string, unknown>,
  param: Param,
): string | undefined {
  const column = Object.hasOwn(COLUMNS, field) ? `t.${COLUMNS[field]}` : undefined;
  if (!column || typeof condition !== 'object' || condition === null) return undefined;
  const { mode, ...rest } = condition;
  const operators = Object.keys(rest);
  if (operators.length !== 1) return undefined;
  const operator = operators[0]!;
  const value = rest[operator];
  const insensitive = mode === 'insensitive';
  if (mode !== undefined && !insensitive) return undefined;
  // PostgreSQL compares the enum column with its own type, as Prisma casts it.
  const typed = (v: unknown) =>
    field === 'visibility' ? `CAST(${param(v)}::text AS "public"."TripVisibility")` : param(v);
  if (insensitive) {
    if (operator === 'equals') return `${column} ILIKE ${param(value)}`;
    if (operator === 'not') return `${column} NOT ILIKE ${param(value)}`;
    if (operator === 'contains') return `${column} ILIKE ('%' || ${param(value)} || '%')`;
    if (operator === 'in' && Array.isArray(value))
      return `LOWER(${column}) IN (${value.map((v) => `LOWER(${param(v)})`).join(',')})`;
    return undefined;
  }
  if (operator === 'contains' && typeof value === 'string')
    return `${column} LIKE ('%' || ${param(value)} || '%')`;
  if (operator === 'has') return `${column} @> ${param([value])}`;
  if (operator === 'hasSome' && Array.isArray(value)) return `${column} && ${param(value)}`;
  if (operator === 'in' && Array.isArray(value))
    return `${column} IN (${value.map(typed).join(',')})`;
  const comparison = COMPARISONS[operator];
  if (!comparison || value === null || (typeof value === 'object' && !(value instanceof Date)))
    return undefined;
  return `${column} ${comparison} ${typed(value)}`;
}

function orderSql(orderBy: Prisma.TripOrderByWithRelationInput[]): string | undefined {
  const terms: string[] = [];
  for (const term of orderBy as Array<Record<string, unknown>>) {
    const entries = Object.entries(term);
    if (entries.length !== 1) return undefined;
    const [field, how] = entries[0]!;
    const column = Object.hasOwn(COLUMNS, field) ? `t.${COLUMNS[field]}` : undefined;
    if (!column) return undefined;
    if (how === 'asc' || how === 'desc') terms.push(`${column} ${how.toUpperCase()}`);
    else if (
      typeof how === 'object' &&
      how !== null &&
      'sort' in how &&
      (how.sort === 'asc' || how.sort === 'desc') &&
      (!('nulls' in how) || how.nulls === 'last')
    )
      terms.push(`${column} ${how.sort.toUpperCase()}${'nulls' in how ? ' NULLS LAST' : ''}`);
    else return undefined;
  }
  return terms.length ? terms.join(', ') : undefined;
}

/** What a page's statement reads of the caller's account with its rows: nothing, the live trip count, or the list version. */
export type AccountColumn = 'live_trip_count' | 'trip_list_version' | undefined;

/** A page of trips read by SQL: `withAgent` adds the agent's picture, `account` a column of the account. */
export interface ColumnRows {
  rows(
    window: { skip: number; take: number },
    withAgent: boolean,
    account: AccountColumn,
  ): Promise<Array<{ trip: LoadedTrip; account?: unknown }>>;
  /**
   * The matches' count(*); with the list version a page read (as a string), a count cached at
   * that version instead (trip-count-cache.ts).
   */
  count(version?: string): Promise<number>;
}

/** The list in SQL on the client's pool, or undefined (another client, or a where beyond the list language). */
export function columnRows(
  prisma: PrismaClient,
  actor: Actor,
  where: Prisma.TripWhereInput,
  orderBy: Prisma.TripOrderByWithRelationInput[],
): ColumnRows | undefined {
  const run = sqlRows(prisma);
  const list = run && compileTripList(actor, where, orderBy);
  if (!run || !list) return undefined;
  const next = `$${list.values.length + 1}`;
  const after = `$${list.values.length + 2}`;
  const cache = tripCountCache(prisma);
  const key = JSON.stringify([list.where, list.values]);
  return {
    async rows(window, withAgent, account) {
      const text = `SELECT ${TRIP_COLUMNS}${withAgent ? ', a.picture_url' : ''}${account ? `, c.${account}` : ''} FROM "public"."trips" AS t${withAgent ? ' JOIN "public"."agents" AS a ON a.id = t.agent_id' : ''}${account ? ' JOIN "public"."accounts" AS c ON c.id = t.account_id' : ''} WHERE ${list.where} ORDER BY ${list.orderBy} LIMIT ${next} OFFSET ${after}`;
      const rows = await run({ text }, [...list.values, window.take, window.skip]);
      return rows.map((row) => ({
        trip: tripOf(row, withAgent),
        account: account ? row[row.length - 1] : undefined,
      }));
    },
    async count(version) {
      const cached = version === undefined ? undefined : cache.get(key, version);
      if (cached !== undefined) return cached;
      // The version in the count's own statement: both come from one snapshot.
      const text = `SELECT count(*)::int, (SELECT trip_list_version::text FROM "public"."accounts" WHERE id = ${list.account}) FROM "public"."trips" AS t WHERE ${list.where}`;
      const [row] = await run({ text }, list.values);
      const [count, counted] = row as [number, string | null];
      if (counted !== null) cache.set(key, counted, count);
      return count;
    },
  };
}
