// Relay connections for the internal front-ends. Offset cursors: every order of the lists
// (nullable sort fields included) pages exactly, and the nodes' query (relations, counts...) is
// planned from the selection, so a page is one query whatever it asks for.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { cursorToOffset, resolveOffsetConnection } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';

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
  const query = queryFromInfo({
    context: ctx,
    info,
    typeName,
    path: ['edges', 'node'],
  }) as NodeQuery;
  const connection = await resolveOffsetConnection(
    { args, defaultSize: 20, maxSize: CONNECTION_MAX },
    ({ offset, limit }) => rows(query, { skip: offset, take: limit }),
  );
  return Object.assign(connection, { countTotal: count });
}

/** The totalCount field's resolver: the connection object is the one offsetConnection returned. */
export const countTotal = (connection: object) =>
  (connection as { countTotal(): Promise<number> }).countTotal();

/**
 * Pothos decodes any integer from a cursor, and a negative, NaN or huge offset reached Prisma
 * (a 500): a cursor must hold an offset PostgreSQL can skip.
 */
function checkCursor(cursor: string | null | undefined, name: 'after' | 'before'): void {
  if (cursor == null) return;
  let offset: number;
  try {
    offset = cursorToOffset(cursor);
  } catch {
    offset = Number.NaN;
  }
  if (!Number.isInteger(offset) || offset < 0 || offset >= LIMITS.listOffsetMax) {
    throw ValidationError.field(name, `${name} is not a cursor of this connection.`);
  }
}
