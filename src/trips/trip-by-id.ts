// GraphQL's trip(id:) without Prisma's query engine: when the selection is only the trip's own
// columns (and its agent's picture), the row comes from one named statement and a row mapper that
// builds the object Prisma would have returned, so every field resolves exactly as before. Any
// other selection (a relation, a fragment, a directive) goes through Prisma with Pothos's query.
// Why: Prisma's runtime cost about 70 µs of CPU a read on a statement of 36 (issue 16).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { Kind, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import type { Actor } from '../auth/actor.ts';
import { sqlRows, type Statement } from '../db/sql.ts';
import type { Context } from '../graphql/context.ts';
import { getTrip, notFound, type LoadedTrip } from './trip.service.ts';

/** The Trip fields that read a column of the row as it is (trip.schema.ts exposes them). */
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

/** Every column of the model, in the order the mapper reads them. */
const COLUMNS = `t.id, t.account_id, t.agent_id, t.title, t.slug, t.code, t.join_code, t.seo_description, t.duration,
  t.date_start, t.date_finish, t.date_expiration, t.logo, t.countries, t.image_url, t.template, t.visibility,
  t.visualizations, t.created_at, t.updated_at, t.deleted_at, t.deleted_by_id`;
const WHERE = 't.id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL';
const BY_ID: Statement = {
  name: 'trip_by_id',
  text: `SELECT ${COLUMNS} FROM "public"."trips" AS t WHERE ${WHERE}`,
};
const BY_ID_WITH_AGENT: Statement = {
  name: 'trip_by_id_agent',
  text: `SELECT ${COLUMNS}, a.picture_url FROM "public"."trips" AS t JOIN "public"."agents" AS a ON a.id = t.agent_id WHERE ${WHERE}`,
};

/** The trip as Prisma returns it (its scalar fields, in the model's order), from a row of COLUMNS. */
function tripOf(r: unknown[]): LoadedTrip {
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
  if (r.length > 22) trip.agent = { pictureUrl: r[22] as string | null };
  return trip;
}

type Plan = 'columns' | 'columns+agent' | 'prisma';
const plans = new WeakMap<FieldNode, Plan>();

/** What a selection needs, worked out once per document (the REST route's is always the same). */
function planOf(info: GraphQLResolveInfo): Plan {
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

/** The caller's trip `id`, outside the trash, for the selection in `info`; NotFoundError otherwise. */
export async function tripById(
  ctx: Context,
  actor: Actor,
  id: number,
  info: GraphQLResolveInfo,
): Promise<LoadedTrip> {
  const plan = planOf(info);
  const rows = plan === 'prisma' ? undefined : sqlRows(ctx.prisma);
  if (!rows)
    return getTrip(
      ctx.prisma,
      actor,
      id,
      queryFromInfo({ context: ctx, info }),
    ) as Promise<LoadedTrip>;
  const [row] = await rows(plan === 'columns' ? BY_ID : BY_ID_WITH_AGENT, [id, actor.accountId]);
  if (!row) throw notFound();
  return tripOf(row);
}
