// Relay connections of trips for the internal front-ends. Offset cursors: every order of the
// lists (nullable sort fields included) pages exactly, and the nodes' query (configuration,
// agent...) is planned from the selection, so a page is one query whatever it asks for.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { resolveOffsetConnection } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';
import type { Prisma } from '../db/prisma.ts';
import type { Context } from '../graphql/context.ts';

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** What the connection's `totalCount` field reads: counted only when asked for. */
export interface Counted {
  countTotal(): Promise<number>;
}

export const CONNECTION_MAX = 100;

export async function tripConnection(
  ctx: Context,
  info: GraphQLResolveInfo,
  args: ConnectionArgs,
  where: Prisma.TripWhereInput,
  orderBy: Prisma.TripOrderByWithRelationInput[],
) {
  const query = queryFromInfo({ context: ctx, info, typeName: 'Trip', path: ['edges', 'node'] });
  const connection = await resolveOffsetConnection({ args, defaultSize: 20, maxSize: CONNECTION_MAX }, ({ offset, limit }) =>
    ctx.prisma.trip.findMany({ ...query, where, orderBy, skip: offset, take: limit }),
  );
  return Object.assign(connection, { countTotal: () => ctx.prisma.trip.count({ where }) } satisfies Counted);
}
