// A trip read by hand-written SQL (trip-by-id.ts, trip-list.sql.ts, trip-create.sql.ts) instead of
// through Prisma's query engine: its columns, the object Prisma would have returned for them, and
// which GraphQL selections such a row answers. Why: Prisma's runtime cost more CPU than the
// statements (issue 16).
import { Kind, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import type { Trip } from '../db/prisma.ts';
import type { TripShape } from './trip.shape.ts';

/** A trip as the GraphQL Trip type loads it: that type always includes its agent's picture. */
export type LoadedTrip = Trip & { agent: { pictureUrl: string | null } };

/** The trip's fields the row holds: the model's scalar fields but the two the client omits (db/prisma.ts). */
export type TripField = Exclude<keyof Trip, 'titleFolded' | 'seoDescriptionFolded'>;

/**
 * The trip's columns on the fast path, by field, in the order the statements select them and
 * tripOf reads them: the one list of them (the reads here, trip-by-id.ts, trip-list.sql.ts, and
 * the creation, trip-create.sql.ts). Every field of the model and every field of the trip's shape
 * (trip.shape.ts) has its column here, and nothing else: a field added to either and not here
 * fails to compile.
 */
export const TRIP_ROW = {
  id: 'id',
  accountId: 'account_id',
  agentId: 'agent_id',
  title: 'title',
  slug: 'slug',
  code: 'code',
  joinCode: 'join_code',
  seoDescription: 'seo_description',
  duration: 'duration',
  dateStart: 'date_start',
  dateFinish: 'date_finish',
  dateExpiration: 'date_expiration',
  logo: 'logo',
  countries: 'countries',
  imageUrl: 'image_url',
  template: 'template',
  visibility: 'visibility',
  visualizations: 'visualizations',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  deletedAt: 'deleted_at',
  deletedById: 'deleted_by_id',
} as const satisfies Record<TripField | keyof TripShape, string>;

const FIELDS = Object.keys(TRIP_ROW) as TripField[];

/** The trip's column of `field`, as the statements write it. */
export const columnOf = (field: TripField): string => TRIP_ROW[field];

/** Every column of TRIP_ROW, read from `t`, in its order. */
export const TRIP_COLUMNS = FIELDS.map((field) => `t.${TRIP_ROW[field]}`).join(', ');

/** The Trip (and PublicTrip) GraphQL fields that read one column of the row as it is. */
const COLUMN_FIELDS = new Set<string>([...FIELDS, '__typename']);

/** The trip as Prisma returns it (its scalar fields, in TRIP_ROW's order); `agent` when the row has the picture after TRIP_COLUMNS. */
export function tripOf(r: unknown[], withAgent: boolean): LoadedTrip {
  const trip: Record<string, unknown> = {};
  for (let i = 0; i < FIELDS.length; i++) trip[FIELDS[i]!] = r[i];
  if (withAgent) trip.agent = { pictureUrl: r[FIELDS.length] as string | null };
  return trip as LoadedTrip;
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
