// Trips as Relay connections (same filters, search and order as the REST list), and the trash.
import { builder } from '../graphql/builder.ts';
import { tripConnection, type Counted } from './trip-connection.ts';
import { tripListQuery, type TripListArgs } from './trip-list.input.ts';
import { TripFilterInput, TripOrderInput, TripSearchInput, TripType } from './trip.schema.ts';
import { restorableUntil, restoreTrip, trashWhere } from './trip-trash.service.ts';

/** The connection object is the one tripConnection returned. */
const countTotal = (connection: object) => (connection as Counted).countTotal();

builder.prismaObjectField('Trip', 'restorableUntil', (t) =>
  t.field({
    type: 'DateTime',
    nullable: true,
    description: 'For a trip in the trash: after this instant it can no longer be restored and is erased.',
    select: { deletedAt: true },
    resolve: (trip) => (trip.deletedAt ? restorableUntil(trip.deletedAt) : null),
  }),
);

builder.queryFields((t) => ({
  tripsConnection: t.connection(
    {
      type: TripType,
      authScopes: { permission: 'read:trips' },
      description: 'Trips of the account as a Relay connection, with the filters, search and order of the REST list.',
      args: {
        filters: t.arg({ type: [TripFilterInput] }),
        search: t.arg({ type: TripSearchInput }),
        orderBy: t.arg({ type: TripOrderInput }),
      },
      resolve: (_root, args, ctx, info) => {
        const list = tripListQuery(args as TripListArgs);
        return tripConnection(ctx, info, args, { ...list.where, accountId: ctx.actor!.accountId, deletedAt: null }, list.orderBy);
      },
    },
    { name: 'TripConnection', fields: (t) => ({ totalCount: t.int({ resolve: countTotal }) }) },
  ),
  trashedTrips: t.connection(
    {
      type: TripType,
      authScopes: { permission: 'read:trips' },
      description: 'The account\'s trash: deleted trips that can still be restored, most recently deleted first.',
      resolve: (_root, args, ctx, info) =>
        tripConnection(ctx, info, args, trashWhere(ctx.actor!, ctx.services.config.clock()), [{ deletedAt: 'desc' }, { id: 'desc' }]),
    },
    { name: 'TrashedTripConnection', fields: (t) => ({ totalCount: t.int({ resolve: countTotal }) }) },
  ),
}));

builder.mutationField('restoreTrip', (t) =>
  t.prismaField({
    type: 'Trip',
    authScopes: { permission: 'delete:trips' },
    description: 'Takes a trip out of the trash, within 90 days of its deletion.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => restoreTrip(ctx.prisma, ctx.actor!, args.id, ctx.services.config.clock(), query),
  }),
);
