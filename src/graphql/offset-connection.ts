// Relay connections for the internal front-ends. Offset cursors: every order of the lists
// (nullable sort fields included) pages exactly, and the nodes' query (relations, counts...) is
// planned from the selection, so a page is one query whatever it asks for.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { resolveOffsetConnection } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import type { Context } from './context.ts';

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** The Prisma query Pothos plans for the selected node fields (include or select). */
export type NodeQuery = { include?: object; select?: object };
export type Rows<T> = (query: NodeQuery, window: { skip: number; take: number }) => Promise<T[]>;

export const CONNECTION_MAX = 100;

/** A connection of `typeName` nodes; `count` runs only when the client asks for totalCount. */
export async function offsetConnection<T>(
  ctx: Context,
  info: GraphQLResolveInfo,
  typeName: string,
  args: ConnectionArgs,
  rows: Rows<T>,
  count: () => Promise<number>,
) {
  checkCursor(args.after, 'after');
  checkCursor(args.before, 'before');
  checkSize(args.first, 'first');
  checkSize(args.last, 'last');
  const query = queryFromInfo({
    context: ctx,
    info,
    typeName,
    path: ['edges', 'node'],
  }) as NodeQuery;
  const connection = await resolveOffsetConnection(
    { args, defaultSize: 20, maxSize: CONNECTION_MAX },
    // After a cursor at int4's maximum no row can follow, and the offset would not fit int4.
    ({ offset, limit }) =>
      offset > LIMITS.listOffsetMax ? [] : rows(query, { skip: offset, take: limit }),
  );
  return Object.assign(connection, { countTotal: count });
}

/** The totalCount field's resolver: the connection object is the one offsetConnection returned. */
export const countTotal = (connection: object) =>
  (connection as { countTotal(): Promise<number> }).countTotal();

/**
 * Pothos would cut `first: 1000` to 100 without a word, where a list's `pageSize: 101` is refused:
 * a connection refuses it the same way. 0 is allowed (Relay: only totalCount or pageInfo).
 */
function checkSize(size: number | null | undefined, name: 'first' | 'last'): void {
  if (size == null || (size >= 0 && size <= CONNECTION_MAX)) return;
  throw ValidationError.field(name, `${name} must be an integer from 0 to ${CONNECTION_MAX}.`);
}

const OFFSET_CURSOR = /^OffsetConnection:(0|[1-9]\d{0,9})$/;

/**
 * Pothos reads a cursor's offset with parseInt, so `OffsetConnection:1e3`, `:1.5` or `: 1` were
 * offset 1, and a negative, NaN or huge offset reached Prisma (a 500). A cursor holds an offset
 * from 0 to int4's maximum in canonical decimal digits, as this connection writes them.
 */
function checkCursor(cursor: string | null | undefined, name: 'after' | 'before'): void {
  if (cursor == null) return;
  const digits = OFFSET_CURSOR.exec(Buffer.from(cursor, 'base64').toString('utf8'))?.[1];
  if (digits === undefined || Number(digits) > LIMITS.listOffsetMax)
    throw ValidationError.field(name, `${name} is not a cursor of this connection.`);
}
