// Catalogs in GraphQL: the Catalog type (with its trips), lists, the public catalog, mutations.
import { builder } from '../graphql/builder.ts';
import { countOnce, pageOf, type ListArgs } from '../lists/list-query.ts';
import {
  bulkDeleteResultType,
  ListFilterInput,
  ListOrderInput,
  ListSearchInput,
} from '../graphql/list.schema.ts';
import { countTotal, offsetConnection, type Rows } from '../graphql/offset-connection.ts';
import { parseOrThrow, withoutNulls } from '../validation.ts';
import { restorableUntil, trashWhere } from '../trips/trip-trash.service.ts';
import { PublicTripPageType, TripPageType, TripType, tripPage } from '../trips/trip.schema.ts';
import { createCatalogInput, duplicateCatalogInput, updateCatalogInput } from './catalog.input.ts';
import { catalogListQuery } from './catalog-list.input.ts';
import {
  catalogTripsWhere,
  createCatalog,
  deleteCatalog,
  deleteCatalogs,
  duplicateCatalog,
  getCatalog,
  getPublicCatalog,
  publicCatalogFacets,
  publicCatalogTripsWhere,
  readableCatalogs,
  restoreCatalog,
  updateCatalog,
} from './catalog.service.ts';
import { liveLinks } from './catalog.payload.ts';
import { type Context, writerOf } from '../graphql/context.ts';
import type { Catalog, Prisma, Trip } from '../db/prisma.ts';
import type { LoadedTrip } from '../trips/trip.service.ts';

interface CatalogFilters {
  countries: boolean;
  month: boolean;
  duration: boolean;
}
const CatalogFiltersType = builder.objectRef<CatalogFilters>('CatalogFilters').implement({
  description: 'Which filters the catalog page offers its visitors.',
  fields: (t) => ({
    countries: t.exposeBoolean('countries'),
    month: t.exposeBoolean('month'),
    duration: t.exposeBoolean('duration'),
  }),
});
const filtersField = {
  select: { filterCountries: true, filterMonth: true, filterDuration: true },
} as const;
const filtersOf = (c: {
  filterCountries: boolean;
  filterMonth: boolean;
  filterDuration: boolean;
}) => ({ countries: c.filterCountries, month: c.filterMonth, duration: c.filterDuration });

/**
 * Rows and count of a catalog's trips (through its links, in catalog order) matching `where`.
 * `T` is the shape the nodes' query loads: a LoadedTrip for the Trip type, a Trip for PublicTrip.
 */
function linkedTrips<T extends Trip>(ctx: Context, where: Prisma.CatalogTripWhereInput) {
  const rows: Rows<T> = async (query, window) =>
    (
      await ctx.prisma.catalogTrip.findMany({
        where,
        orderBy: liveLinks.orderBy,
        ...window,
        select: { trip: query },
      })
    ).map((link) => link.trip as T);
  return [rows, () => ctx.prisma.catalogTrip.count({ where })] as const;
}

/** Rows and count of the catalogs matching `where`, in `orderBy`. */
function catalogsWhere(
  ctx: Context,
  where: Prisma.CatalogWhereInput,
  orderBy: Prisma.CatalogOrderByWithRelationInput[],
) {
  const rows: Rows<Catalog> = (query, window) =>
    ctx.prisma.catalog.findMany({ ...query, where, orderBy, ...window });
  return [rows, () => ctx.prisma.catalog.count({ where })] as const;
}

export const CatalogType = builder.prismaObject('Catalog', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    accountId: t.exposeInt('accountId', { description: 'The account that owns the catalog.' }),
    agentId: t.exposeInt('agentId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    seoDescription: t.exposeString('seoDescription', { nullable: true }),
    pictureUrl: t.exposeString('pictureUrl', { nullable: true }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    accountLogo: t.exposeBoolean('accountLogo', {
      description: "Show the account's logo on the catalog page.",
    }),
    filters: t.field({ type: CatalogFiltersType, ...filtersField, resolve: filtersOf }),
    isPublic: t.exposeBoolean('isPublic', {
      description: 'Served without a key at /catalogs/public/{idOrSlug}.',
    }),
    sharedWithOrganisation: t.exposeBoolean('sharedWithOrganisation', {
      description: 'Every account of the organisation can read it and add its own trips.',
    }),
    tripIds: t.intList({
      description:
        'Every trip of the catalog in catalog order, those of other accounts included; trips in the trash are left out.',
      select: { tripLinks: liveLinks },
      resolve: (catalog) => catalog.tripLinks.map((link) => link.tripId),
    }),
    tripCount: t.int({
      select: { tripLinks: liveLinks },
      resolve: (catalog) => catalog.tripLinks.length,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    deletedAt: t.expose('deletedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Set while the catalog is in the trash.',
    }),
    restorableUntil: t.field({
      type: 'DateTime',
      nullable: true,
      select: { deletedAt: true },
      resolve: (catalog) => (catalog.deletedAt ? restorableUntil(catalog.deletedAt) : null),
    }),
    trips: t.connection(
      {
        type: TripType,
        description: "The catalog's trips the caller can read, in catalog order.",
        resolve: (catalog, args, ctx, info) =>
          offsetConnection(
            ctx,
            info,
            'Trip',
            args,
            ...linkedTrips<LoadedTrip>(ctx, catalogTripsWhere(ctx.actor!, catalog.id)),
          ),
      },
      {
        name: 'CatalogTripConnection',
        fields: (c) => ({ totalCount: c.int({ resolve: countTotal }) }),
      },
    ),
  }),
});

const PublicCatalogFacetsType = builder
  .objectRef<{ countries: string[]; months: string[] }>('PublicCatalogFacets')
  .implement({
    fields: (t) => ({
      countries: t.exposeStringList('countries', { description: 'ISO 3166-1 alpha-3, sorted.' }),
      months: t.exposeStringList('months', { description: 'YYYY-MM, sorted.' }),
    }),
  });

const PublicCatalogType = builder.prismaObject('Catalog', {
  variant: 'PublicCatalog',
  description: 'A public catalog as its public page shows it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    seoDescription: t.exposeString('seoDescription', { nullable: true }),
    pictureUrl: t.exposeString('pictureUrl', { nullable: true }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    accountLogo: t.exposeBoolean('accountLogo'),
    filters: t.field({ type: CatalogFiltersType, ...filtersField, resolve: filtersOf }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    facets: t.field({
      type: PublicCatalogFacetsType,
      description: 'What its public trips offer the filters: their countries and start months.',
      resolve: (catalog, _args, ctx) => publicCatalogFacets(ctx.prisma, catalog.id),
    }),
    trips: t.field({
      type: PublicTripPageType,
      description:
        'Its public trips outside the trash, in catalog order; the filters narrow them (a page offers those in `filters`).',
      args: {
        page: t.arg.int(),
        pageSize: t.arg.int(),
        country: t.arg.string({ description: 'ISO 3166-1 alpha-3: trips that visit it.' }),
        month: t.arg.string({ description: 'YYYY-MM: trips that start in that month.' }),
        minDuration: t.arg.int({ description: 'Days, at least.' }),
        maxDuration: t.arg.int({ description: 'Days, at most.' }),
      },
      resolve: (catalog, args, ctx) => {
        const { page, pageSize } = pageOf(args);
        const [rows, count] = linkedTrips<Trip>(ctx, publicCatalogTripsWhere(catalog.id, args));
        return tripPage(
          page,
          pageSize,
          (query) => rows(query, { skip: (page - 1) * pageSize, take: pageSize }),
          count,
        );
      },
    }),
  }),
});

const CatalogFiltersInput = builder.inputType('CatalogFiltersInput', {
  fields: (t) => ({ countries: t.boolean(), month: t.boolean(), duration: t.boolean() }),
});
function catalogInputType(name: string, titleRequired: boolean) {
  return builder.inputType(name, {
    fields: (t) => ({
      title: t.string({ required: titleRequired }),
      subtitle: t.string(),
      description: t.string(),
      seoDescription: t.string(),
      pictureUrl: t.string(),
      logoUrl: t.string(),
      accountLogo: t.boolean(),
      filters: t.field({ type: CatalogFiltersInput }),
      isPublic: t.boolean(),
      sharedWithOrganisation: t.boolean(),
      tripIds: t.intList({ description: 'The trips in catalog order; replaces the list.' }),
    }),
  });
}
const CreateCatalogInput = catalogInputType('CreateCatalogInput', true);
const UpdateCatalogInput = catalogInputType('UpdateCatalogInput', false);

interface CatalogPageShape {
  page: number;
  pageSize: number;
  where: Prisma.CatalogWhereInput;
  orderBy: Prisma.CatalogOrderByWithRelationInput[];
  count(): Promise<number>;
}
const CatalogPageType = builder.objectRef<CatalogPageShape>('CatalogPage').implement({
  description: 'One page of catalogs, in the paginated envelope of the REST lists.',
  fields: (t) => ({
    data: t.prismaField({
      type: [CatalogType],
      resolve: (query, page, _args, ctx) =>
        ctx.prisma.catalog.findMany({
          ...query,
          where: page.where,
          orderBy: page.orderBy,
          skip: (page.page - 1) * page.pageSize,
          take: page.pageSize,
        }),
    }),
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    totalCount: t.int({ resolve: (page) => page.count() }),
    totalPages: t.int({ resolve: async (page) => Math.ceil((await page.count()) / page.pageSize) }),
  }),
});

const CatalogBulkDeleteResult = bulkDeleteResultType('CatalogBulkDeleteResult', 'catalog');

builder.queryFields((t) => ({
  catalog: t.prismaField({
    type: CatalogType,
    authScopes: { permission: 'read:catalogs' },
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => getCatalog(ctx.prisma, ctx.actor!, args.id, query),
  }),
  catalogs: t.field({
    type: CatalogPageType,
    authScopes: { permission: 'read:catalogs' },
    description:
      "Catalogs the caller can read (its account's and those shared in its organisation), in the REST lists' terms.",
    args: {
      page: t.arg.int(),
      pageSize: t.arg.int(),
      filters: t.arg({ type: [ListFilterInput] }),
      search: t.arg({ type: ListSearchInput }),
      orderBy: t.arg({ type: ListOrderInput }),
    },
    resolve: (_root, args, ctx) => {
      const { page, pageSize, where, orderBy } = catalogListQuery(args as ListArgs);
      const readable = { ...where, ...readableCatalogs(ctx.actor!) };
      return {
        page,
        pageSize,
        where: readable,
        orderBy,
        count: countOnce(() => ctx.prisma.catalog.count({ where: readable })),
      };
    },
  }),
  catalogTrips: t.field({
    type: TripPageType,
    authScopes: { permission: 'read:catalogs' },
    description: "The catalog's trips the caller can read, in catalog order, one page at a time.",
    args: { catalogId: t.arg.int({ required: true }), page: t.arg.int(), pageSize: t.arg.int() },
    resolve: async (_root, args, ctx) => {
      await getCatalog(ctx.prisma, ctx.actor!, args.catalogId, { select: { id: true } });
      const { page, pageSize } = pageOf(args);
      const [rows, count] = linkedTrips<LoadedTrip>(
        ctx,
        catalogTripsWhere(ctx.actor!, args.catalogId),
      );
      return tripPage(
        page,
        pageSize,
        (query) => rows(query, { skip: (page - 1) * pageSize, take: pageSize }),
        count,
      );
    },
  }),
  publicCatalog: t.prismaField({
    type: PublicCatalogType,
    description: 'Public (no key): a catalog marked isPublic, by id or slug.',
    args: { idOrSlug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => getPublicCatalog(ctx.prisma, args.idOrSlug, query),
  }),
}));

builder.mutationFields((t) => ({
  createCatalog: t.prismaField({
    type: CatalogType,
    authScopes: { permission: 'create:catalogs' },
    args: { input: t.arg({ type: CreateCatalogInput, required: true }) },
    resolve: (query, _root, args, ctx) =>
      createCatalog(
        writerOf(ctx),
        parseOrThrow(createCatalogInput, withoutNulls(args.input, ['title'])),
        query,
      ),
  }),
  updateCatalog: t.prismaField({
    type: CatalogType,
    authScopes: { permission: 'update:catalogs' },
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: UpdateCatalogInput, required: true }),
    },
    resolve: (query, _root, args, ctx) =>
      updateCatalog(writerOf(ctx), args.id, parseOrThrow(updateCatalogInput, args.input), query),
  }),
  deleteCatalog: t.boolean({
    authScopes: { permission: 'delete:catalogs' },
    description: 'Moves the catalog to the trash (restorable for 90 days).',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteCatalog(writerOf(ctx), args.id);
      return true;
    },
  }),
  deleteCatalogs: t.field({
    type: CatalogBulkDeleteResult,
    authScopes: { permission: 'delete:catalogs' },
    description:
      "Moves several catalogs to the trash; ids that are missing, deleted or not the caller's account's are skipped.",
    args: { ids: t.arg.intList({ required: true }) },
    resolve: async (_root, args, ctx) => ({
      deletedCount: await deleteCatalogs(writerOf(ctx), args.ids),
    }),
  }),
  restoreCatalog: t.prismaField({
    type: CatalogType,
    authScopes: { permission: 'delete:catalogs' },
    description: 'Takes a catalog out of the trash, within 90 days of its deletion.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => restoreCatalog(writerOf(ctx), args.id, query),
  }),
  duplicateCatalog: t.prismaField({
    type: CatalogType,
    authScopes: { permission: 'create:catalogs' },
    description:
      "Copies a readable catalog into the caller's account (not shared, not public), with the trips the caller can read.",
    args: { id: t.arg.int({ required: true }), title: t.arg.string() },
    resolve: (query, _root, args, ctx) => {
      const { title } = parseOrThrow(
        duplicateCatalogInput,
        args.title == null ? {} : { title: args.title },
      );
      return duplicateCatalog(writerOf(ctx), args.id, title, query);
    },
  }),
}));

builder.queryFields((t) => ({
  catalogsConnection: t.connection(
    {
      type: CatalogType,
      authScopes: { permission: 'read:catalogs' },
      args: {
        filters: t.arg({ type: [ListFilterInput] }),
        search: t.arg({ type: ListSearchInput }),
        orderBy: t.arg({ type: ListOrderInput }),
      },
      resolve: (_root, args, ctx, info) => {
        const { where, orderBy } = catalogListQuery(args as ListArgs);
        return offsetConnection(
          ctx,
          info,
          'Catalog',
          args,
          ...catalogsWhere(ctx, { ...where, ...readableCatalogs(ctx.actor!) }, orderBy),
        );
      },
    },
    { name: 'CatalogConnection', fields: (c) => ({ totalCount: c.int({ resolve: countTotal }) }) },
  ),
  trashedCatalogs: t.connection(
    {
      type: CatalogType,
      authScopes: { permission: 'read:catalogs' },
      description:
        "The account's trash: deleted catalogs that can still be restored, most recently deleted first.",
      resolve: (_root, args, ctx, info) =>
        offsetConnection(
          ctx,
          info,
          'Catalog',
          args,
          ...catalogsWhere(ctx, trashWhere(ctx.actor!, ctx.services.config.clock()), [
            { deletedAt: 'desc' },
            { id: 'desc' },
          ]),
        ),
    },
    {
      name: 'TrashedCatalogConnection',
      fields: (c) => ({ totalCount: c.int({ resolve: countTotal }) }),
    },
  ),
}));
