// The public trip page's view counter (`visualizations`, docs/decisions.md#trips).
import { builder } from '../graphql/builder.ts';
import { ipKey, recordTripView, viewerKey } from './trip-views.service.ts';

const TripViewResult = builder
  .objectRef<{ counted: boolean; visualizations: number }>('TripViewResult')
  .implement({
    fields: (t) => ({
      counted: t.exposeBoolean('counted', {
        description: 'False when this viewer was already counted in the last hour.',
      }),
      visualizations: t.exposeInt('visualizations'),
    }),
  });

builder.mutationField('recordTripView', (t) =>
  t.field({
    type: TripViewResult,
    description:
      "Public (no key): records a traveler's view of a public trip page. One viewer counts at most once per hour.",
    args: {
      slug: t.arg.string({ required: true }),
      viewerId: t.arg.string({
        description:
          'An anonymous id the page keeps for its visitor; without it, the address and user agent identify the viewer.',
      }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = {
        key: viewerKey({
          viewerId: args.viewerId?.slice(0, 200),
          clientIp: ctx.clientIp,
          userAgent: ctx.userAgent,
        }),
        ipKey: ipKey(ctx.clientIp),
      };
      return recordTripView(ctx.prisma, args.slug, viewer, ctx.services.config.clock());
    },
  }),
);
