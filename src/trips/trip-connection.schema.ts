// Trips as Relay connections (same filters, search and order as the REST list), and the trash.
import { builder } from '../graphql/builder.ts';
import { countTotal, offsetConnection, type Rows } from '../graphql/offset-connection.ts';
import type { Prisma } from '../db/prisma.ts';
import { type Context, writerOf } from '../graphql/context.ts';
import { tripListQuery, type TripListArgs } from './trip-list.input.ts';
import { ListFilterInput, ListOrderInput, ListSearchInput } from '../graphql/list.schema.ts';
import { TripType } from './trip.schema.ts';
import { restorableUntil, restoreTrip, trashWhere } from './trip-trash.service.ts';
import { tripList, type LoadedTrip } from './trip.service.ts';

/** Rows and count of the trips matching `where`, in `orderBy`. */
function tripsWhere(
  ctx: Context,
  where: Prisma.TripWhereInput,
  orderBy: Prisma.TripOrderByWithRelationInput[],
) {
  const rows: Rows<LoadedTrip> = (query, window) =>
    ctx.prisma.trip.findMany({ ...query, where, orderBy, ...window }) as Promise<LoadedTrip[]>;
  return [rows, () => ctx.prisma.trip.count({ where })] as const;
}

builder.prismaObjectField('Trip', 'restorableUntil', (t) =>
  t.field({
    type: 'DateTime',
    nullable: true,
    description:
      'For a trip in the trash: after this instant it can no longer be restored and is erased.',
    select: { deletedAt: true },
    resolve: (trip) => (trip.deletedAt ? restorableUntil(trip.deletedAt) : null),
  }),
);

builder.queryFields((t) => ({
  tripsConnection: t.connection(
    {
      type: TripType,
      authScopes: { permission: 'read:trips' },
      description:
        'Trips of the account as a Relay connection, with the filters, search and order of the REST list.',
      args: {
        filters: t.arg({ type: [ListFilterInput] }),
        search: t.arg({ type: ListSearchInput }),
        orderBy: t.arg({ type: ListOrderInput }),
      },
      resolve: (_root, args, ctx, info) => {
        const { where, orderBy } = tripListQuery(args as TripListArgs);
        const list = tripList(ctx.prisma, ctx.actor!, where, orderBy);
        return offsetConnection(ctx, info, 'Trip', args, list.rows, list.count);
      },
    },
    { name: 'TripConnection', fields: (t) => ({ totalCount: t.int({ resolve: countTotal }) }) },
  ),
  trashedTrips: t.connection(
    {
      type: TripType,
      authScopes: { permission: 'read:trips' },
      description:
        "The account's trash: deleted trips that can still be restored, most recently deleted first.",
      resolve: (_root, args, ctx, info) =>
        offsetConnection(
          ctx,
          info,
          'Trip',
          args,
          ...tripsWhere(ctx, trashWhere(ctx.actor!, ctx.services.config.clock()), [
            { deletedAt: 'desc' },
            { id: 'desc' },
          ]),
        ),
    },
    {
      name: 'TrashedTripConnection',
      fields: (t) => ({ totalCount: t.int({ resolve: countTotal }) }),
    },
  ),
}));

builder.mutationField('restoreTrip', (t) =>
  t.prismaField({
    type: 'Trip',
    authScopes: { permission: 'delete:trips' },
    description: 'Takes a trip out of the trash, within 90 days of its deletion.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => restoreTrip(writerOf(ctx), args.id, query),
  }),
);
