// A trip read by hand-written SQL (trip-by-id.ts, trip-list.sql.ts) instead of through Prisma's
// query engine: its columns, the object Prisma would have returned for them, and which GraphQL
// selections such a row answers. Why: Prisma's runtime cost more CPU than the statements (issue 16).
import { Kind, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import type { Trip } from '../db/prisma.ts';

/** A trip as the GraphQL Trip type loads it: that type always includes its agent's picture. */
export type LoadedTrip = Trip & { agent: { pictureUrl: string | null } };

/** The Trip (and PublicTrip) fields that read one column of the row as it is. */
const COLUMN_FIELDS = new Set([
  'id',
  'title',
  'slug',
  'joinCode',
  'seoDescription',
  'duration',
  'dateStart',
  'dateFinish',
  'dateExpiration',
  'code',
  'logo',
  'countries',
  'imageUrl',
  'agentId',
  'template',
  'visibility',
  'accountId',
  'visualizations',
  'createdAt',
  'updatedAt',
  'deletedAt',
  '__typename',
]);

/** Every column of the model, read from `t`, in the order tripOf reads them. */
export const TRIP_COLUMNS = `t.id, t.account_id, t.agent_id, t.title, t.slug, t.code, t.join_code, t.seo_description, t.duration,
  t.date_start, t.date_finish, t.date_expiration, t.logo, t.countries, t.image_url, t.template, t.visibility,
  t.visualizations, t.created_at, t.updated_at, t.deleted_at, t.deleted_by_id`;
const COLUMN_COUNT = 22;

/** The trip as Prisma returns it (its scalar fields, in the model's order); `agent` when the row has the picture after TRIP_COLUMNS. */
export function tripOf(r: unknown[], withAgent: boolean): LoadedTrip {
  const trip = {
    id: r[0],
    accountId: r[1],
    agentId: r[2],
    title: r[3],
    slug: r[4],
    code: r[5],
    joinCode: r[6],
    seoDescription: r[7],
    duration: r[8],
    dateStart: r[9],
    dateFinish: r[10],
    dateExpiration: r[11],
    logo: r[12],
    countries: r[13],
    imageUrl: r[14],
    template: r[15],
    visibility: r[16],
    visualizations: r[17],
    createdAt: r[18],
    updatedAt: r[19],
    deletedAt: r[20],
    deletedById: r[21],
  } as LoadedTrip;
  if (withAgent) trip.agent = { pictureUrl: r[COLUMN_COUNT] as string | null };
  return trip;
}

/** What a selection of trips needs: their columns, the agent's picture too, or Prisma (anything else). */
export type RowPlan = 'columns' | 'columns+agent' | 'prisma';
const plans = new WeakMap<FieldNode, RowPlan>();

/** The plan of the trip field being resolved, worked out once per document (a REST route's is always the same). */
export function rowPlanOf(info: GraphQLResolveInfo): RowPlan {
  const node = info.fieldNodes.length === 1 ? info.fieldNodes[0]! : undefined;
  if (!node) return 'prisma';
  let plan = plans.get(node);
  if (plan) return plan;
  plan = 'columns';
  for (const selection of node.selectionSet?.selections ?? []) {
    const simple = selection.kind === Kind.FIELD && !selection.directives?.length;
    if (simple && COLUMN_FIELDS.has(selection.name.value)) continue;
    if (simple && selection.name.value === 'agentPictureUrl') plan = 'columns+agent';
    else {
      plan = 'prisma';
      break;
    }
  }
  plans.set(node, plan);
  return plan;
}
