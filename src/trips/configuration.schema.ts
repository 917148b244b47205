// The trip configuration in GraphQL: read, replace, merge-patch, with the ETag for If-Match.
import { builder } from '../graphql/builder.ts';
import { writerOf } from '../graphql/context.ts';
import { etagOf, getConfiguration, saveConfiguration } from './configuration.service.ts';

export const TripConfigurationType = builder.prismaObject('TripConfiguration', {
  fields: (t) => ({
    tripId: t.exposeInt('tripId'),
    document: t.field({
      type: 'JSONObject',
      description: 'The configuration document (blocks, contact, settings, theme...).',
      resolve: (c) => c.document as Record<string, unknown>,
    }),
    revision: t.exposeInt('revision'),
    etag: t.string({
      description: 'Send it back as ifMatch (If-Match) to refuse overwriting a newer revision.',
      resolve: (c) => etagOf(c.tripId, c.revision),
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField('Trip', 'configuration', (t) =>
  t.relation('configuration', { nullable: true }),
);

builder.queryField('tripConfiguration', (t) =>
  t.field({
    type: TripConfigurationType,
    authScopes: { permission: 'read:trips' },
    args: { tripId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => getConfiguration(ctx.prisma, ctx.actor!, args.tripId),
  }),
);

builder.mutationFields((t) => ({
  replaceTripConfiguration: t.field({
    type: TripConfigurationType,
    authScopes: { permission: 'update:trips' },
    args: {
      tripId: t.arg.int({ required: true }),
      document: t.arg({ type: 'JSONObject', required: true }),
      ifMatch: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      saveConfiguration(writerOf(ctx), args.tripId, { document: args.document }, args.ifMatch),
  }),
  patchTripConfiguration: t.field({
    type: TripConfigurationType,
    authScopes: { permission: 'update:trips' },
    description: 'Applies a JSON Merge Patch (RFC 7396) and validates the result.',
    args: {
      tripId: t.arg.int({ required: true }),
      patch: t.arg({ type: 'JSONObject', required: true }),
      ifMatch: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      saveConfiguration(writerOf(ctx), args.tripId, { patch: args.patch }, args.ifMatch),
  }),
}));
