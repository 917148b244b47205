// Trips in GraphQL: the Trip type, the paginated list the REST facade uses, and the mutations.
import { callerSubject } from '../auth/actor.ts';
import { builder } from '../graphql/builder.ts';
import { type Context, writerOf } from '../graphql/context.ts';
import { countOnce } from '../lists/list-query.ts';
import {
  bulkDeleteResultType,
  ListFilterInput,
  ListOrderInput,
  ListSearchInput,
} from '../graphql/list.schema.ts';
import { DATE_RANGE_TEXT } from '../shared/date-range.ts';
import { parseOrThrow, withoutNulls } from '../validation.ts';
import {
  createTripInput,
  duplicateTripInput,
  takeCreateInput,
  updateTripInput,
} from './trip.input.ts';
import { tripListQuery, type TripListArgs } from './trip-list.input.ts';
import { tripById } from './trip-by-id.ts';
import { rowPlanOf, type LoadedTrip } from './trip.row.ts';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { Prisma, Trip } from '../db/prisma.ts';
import {
  createTrip,
  deleteTrip,
  deleteTrips,
  duplicateTrip,
  copyPublicTrip,
  notFound,
  readableTrips,
  tripList,
  updateTrip,
} from './trip.service.ts';

export const TripVisibilityEnum = builder.enumType('TripVisibility', {
  values: ['public', 'private'] as const,
});

/** What Pothos's query is for a selection of Trip's columns: the type's own include. */
const TRIP_QUERY = { include: { agent: { select: { pictureUrl: true } } } } as const;

export const TripType = builder.prismaObject('Trip', {
  // Always loaded (one join), so agentPictureUrl needs no field-level selection: such a field is
  // looked up in Pothos's per-row selection map for every trip of a page, which cost a list page
  // more than the join does.
  include: TRIP_QUERY.include,
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    slug: t.exposeString('slug', {
      description: 'URL-friendly identifier: the title plus 6 random characters.',
    }),
    joinCode: t.exposeString('joinCode', { description: 'Code travelers use to join the trip.' }),
    seoDescription: t.exposeString('seoDescription', { nullable: true }),
    duration: t.exposeInt('duration', { nullable: true, description: 'Days.' }),
    dateStart: t.expose('dateStart', { type: 'DateTime', nullable: true }),
    dateFinish: t.expose('dateFinish', { type: 'DateTime', nullable: true }),
    dateExpiration: t.expose('dateExpiration', {
      type: 'DateTime',
      nullable: true,
      description: 'Expiration of the trip offer.',
    }),
    code: t.exposeString('code', {
      description: 'Internal code, TRIP-<n>, unique in the account.',
    }),
    logo: t.exposeString('logo', { nullable: true }),
    countries: t.exposeStringList('countries', { description: 'ISO 3166-1 alpha-3 codes.' }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    agentId: t.exposeInt('agentId'),
    template: t.exposeBoolean('template'),
    visibility: t.expose('visibility', { type: TripVisibilityEnum }),
    accountId: t.exposeInt('accountId'),
    visualizations: t.exposeInt('visualizations', {
      description: 'Traveler views (at most one per viewer per hour).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    deletedAt: t.expose('deletedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Set while the trip is in the trash.',
    }),
    agentPictureUrl: t.string({
      nullable: true,
      description: 'Profile picture URL of the agent who created the trip.',
      resolve: (trip) => trip.agent.pictureUrl,
    }),
  }),
});

/** One page of trips: how to fetch its rows (with Pothos's query for the selection) and count them all. */
export interface TripPageShape {
  page: number;
  pageSize: number;
  rows(query: { include?: Prisma.TripInclude; select?: Prisma.TripSelect }): Promise<Trip[]>;
  /** The rows by hand-written SQL when the selection is only columns (trip-list.sql.ts), if the list can. */
  columns?: ((withAgent: boolean) => Promise<Trip[]>) | undefined;
  count(): Promise<number>;
}

/** The trip fields a public page may show: no codes, no owner ids (docs/decisions.md#catalogs). */
export const PublicTripType = builder.prismaObject('Trip', {
  variant: 'PublicTrip',
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    slug: t.exposeString('slug'),
    seoDescription: t.exposeString('seoDescription', { nullable: true }),
    duration: t.exposeInt('duration', { nullable: true }),
    dateStart: t.expose('dateStart', { type: 'DateTime', nullable: true }),
    dateFinish: t.expose('dateFinish', { type: 'DateTime', nullable: true }),
    dateExpiration: t.expose('dateExpiration', { type: 'DateTime', nullable: true }),
    logo: t.exposeString('logo', { nullable: true }),
    countries: t.exposeStringList('countries'),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

function tripPageType(name: string, trip: typeof TripType | typeof PublicTripType) {
  return builder.objectRef<TripPageShape>(name).implement({
    description: 'One page of trips, in the paginated envelope of the REST lists.',
    fields: (t) => ({
      // Not a prismaField: the selection is planned once per document (trip.row.ts), and a page
      // of columns skips Prisma's query engine.
      data: t.field({
        type: [trip],
        resolve: async (page, _args, ctx, info) => {
          const plan = rowPlanOf(info);
          if (plan !== 'prisma' && page.columns) return page.columns(plan === 'columns+agent');
          return page.rows(await queryFromInfo({ context: ctx, info, awaitSelections: true }));
        },
      }),
      page: t.exposeInt('page'),
      pageSize: t.exposeInt('pageSize'),
      totalCount: t.int({ resolve: (page) => page.count() }),
      totalPages: t.int({
        resolve: async (page) => Math.ceil((await page.count()) / page.pageSize),
      }),
    }),
  });
}
export const TripPageType = tripPageType('TripPage', TripType);
export const PublicTripPageType = tripPageType('PublicTripPage', PublicTripType);

export function tripPage(
  page: number,
  pageSize: number,
  rows: TripPageShape['rows'],
  count: () => Promise<number>,
  columns?: TripPageShape['columns'],
): TripPageShape {
  return { page, pageSize, rows, columns, count: countOnce(count) };
}

const DATE_INPUT = `ISO 8601 date-time or date, ${DATE_RANGE_TEXT}`;

/** The fields of create and update; only create requires a title. Dates and URLs are strings: zod checks them. */
function tripInputType(name: string, titleRequired: boolean) {
  return builder.inputType(name, {
    fields: (t) => ({
      title: t.string({ required: titleRequired }),
      seoDescription: t.string(),
      duration: t.int(),
      dateStart: t.string({ description: DATE_INPUT }),
      dateFinish: t.string({ description: DATE_INPUT }),
      dateExpiration: t.string({ description: DATE_INPUT }),
      logo: t.string(),
      countries: t.stringList(),
      imageUrl: t.string(),
      template: t.boolean(),
      visibility: t.field({ type: TripVisibilityEnum }),
    }),
  });
}
const CreateTripInput = tripInputType('CreateTripInput', true);
const UpdateTripInput = tripInputType('UpdateTripInput', false);

const BulkDeleteResult = bulkDeleteResultType('BulkDeleteResult', 'trip');

builder.subscriptionFields((t) => ({
  trip: t.field({
    type: TripType,
    nullable: true,
    authScopes: { permission: 'read:trips' },
    description:
      'The trip now, then after each change of its fields or its configuration: live updates over Server-Sent Events, for callers of its account. null when it is deleted, and the stream ends.',
    args: { id: t.arg.int({ required: true }) },
    subscribe: (_root, args, ctx) => watchTrip(ctx, args.id),
    resolve: (id: number | null, _args, ctx, info) =>
      id === null ? null : tripById(ctx, ctx.actor!, id, info),
  }),
}));

/** The trip's id at each change (a new row or configuration version), null once it is gone. */
async function watchTrip(ctx: Context, id: number) {
  const version = async () => {
    const trip = await ctx.prisma.trip.findFirst({
      where: { id, ...readableTrips(ctx.actor!) },
      select: { updatedAt: true, configuration: { select: { revision: true } } },
    });
    return trip && `${trip.updatedAt.getTime()}/${trip.configuration?.revision}`;
  };
  let shown = await version();
  if (shown === null) throw notFound();
  let first = true;
  return ctx.services.live.watch(`trip:${id}`, callerSubject(ctx.actor, ctx.clientIp), async () => {
    const now = first ? shown : await version();
    if (now === null) return { value: null, last: true };
    if (!first && now === shown) return undefined;
    first = false;
    shown = now;
    return { value: id };
  });
}

builder.queryFields((t) => ({
  trip: t.field({
    type: TripType,
    authScopes: { permission: 'read:trips' },
    args: { id: t.arg.int({ required: true }) },
    // Not a prismaField: tripById plans the selection once per document instead of per call.
    resolve: (_root, args, ctx, info) => tripById(ctx, ctx.actor!, args.id, info),
  }),
  trips: t.field({
    type: TripPageType,
    authScopes: { permission: 'read:trips' },
    description: "Trips of the account, in the REST lists' page/filters/search/orderBy terms.",
    args: {
      page: t.arg.int(),
      pageSize: t.arg.int(),
      filters: t.arg({ type: [ListFilterInput] }),
      search: t.arg({ type: ListSearchInput }),
      orderBy: t.arg({ type: ListOrderInput }),
    },
    resolve: (_root, args, ctx) => {
      const { page, pageSize, where, orderBy } = tripListQuery(args as TripListArgs);
      const list = tripList(ctx.prisma, ctx.actor!, where, orderBy);
      const window = { skip: (page - 1) * pageSize, take: pageSize };
      return tripPage(
        page,
        pageSize,
        (query) => list.rows(query, window),
        list.count,
        list.columns && ((withAgent) => list.columns!(window, withAgent)),
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  createTrip: t.field({
    type: TripType,
    authScopes: { permission: 'create:trips' },
    args: { input: t.arg({ type: CreateTripInput, required: true }) },
    // Not a prismaField: the selection is planned once per document (trip.row.ts), and a selection
    // of columns needs no query from Pothos's selection mapper on every call.
    resolve: async (_root, args, ctx, info) =>
      (await createTrip(
        writerOf(ctx),
        takeCreateInput(ctx) ?? parseOrThrow(createTripInput, withoutNulls(args.input, ['title'])),
        rowPlanOf(info) === 'prisma'
          ? await queryFromInfo({ context: ctx, info, awaitSelections: true })
          : TRIP_QUERY,
      )) as LoadedTrip,
  }),
  updateTrip: t.prismaField({
    type: 'Trip',
    authScopes: { permission: 'update:trips' },
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: UpdateTripInput, required: true }),
    },
    resolve: (query, _root, args, ctx) =>
      updateTrip(writerOf(ctx), args.id, parseOrThrow(updateTripInput, args.input), query),
  }),
  deleteTrip: t.boolean({
    authScopes: { permission: 'delete:trips' },
    description: 'Moves the trip to the trash (restorable for 90 days).',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteTrip(writerOf(ctx), args.id);
      return true;
    },
  }),
  deleteTrips: t.field({
    type: BulkDeleteResult,
    authScopes: { permission: 'delete:trips' },
    description:
      "Moves several trips to the trash; ids that are missing, deleted or not the caller's are skipped.",
    args: { ids: t.arg.intList({ required: true }) },
    resolve: async (_root, args, ctx) => ({
      deletedCount: await deleteTrips(writerOf(ctx), args.ids),
    }),
  }),
  duplicateTrip: t.prismaField({
    type: 'Trip',
    authScopes: { permission: 'create:trips' },
    description:
      'Copies a trip and its configuration into a new trip of the caller (new slug, code and join code; no views).',
    args: {
      id: t.arg.int({ required: true }),
      title: t.arg.string({ description: 'Defaults to the source title plus " (copy)".' }),
    },
    resolve: (query, _root, args, ctx) => {
      const { title } = parseOrThrow(duplicateTripInput, withoutNulls({ title: args.title }, []));
      return duplicateTrip(writerOf(ctx), args.id, title, query);
    },
  }),
  copyPublicTrip: t.prismaField({
    type: 'Trip',
    authScopes: { permission: 'create:trips' },
    description:
      'Copies a public trip whose settings allow it (`canCreateCopy`), from any account, into a new private trip of the caller (new slug, code and join code; no views; a copy from another account leaves out the contact card). A trip no public page shows is not_found; one that allows no copy is forbidden.',
    args: {
      slug: t.arg.string({
        required: true,
        description: "The public trip's slug, as in its page's address.",
      }),
      title: t.arg.string({ description: 'Defaults to the source title plus " (copy)".' }),
    },
    resolve: (query, _root, args, ctx) => {
      const { title } = parseOrThrow(duplicateTripInput, withoutNulls({ title: args.title }, []));
      return copyPublicTrip(writerOf(ctx), args.slug, title, query);
    },
  }),
}));
