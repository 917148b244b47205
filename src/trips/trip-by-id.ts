// GraphQL's trip(id:) without Prisma's query engine: when the selection is only the trip's own
// columns (and its agent's picture), the row comes from one named statement and trip.row.ts builds
// the object Prisma would have returned, so every field resolves exactly as before. Any other
// selection (a relation, a fragment, a directive) goes through Prisma with Pothos's query.
// Why: Prisma's runtime cost about 70 µs of CPU a read on a statement of 36 (issue 16).
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import type { Actor } from '../auth/actor.ts';
import { sqlRows, type Statement } from '../db/sql.ts';
import type { Context } from '../graphql/context.ts';
import { rowPlanOf, TRIP_COLUMNS, tripOf } from './trip.row.ts';
import { getTrip, notFound, type LoadedTrip } from './trip.service.ts';

const WHERE = 't.id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL';
const BY_ID: Statement = {
  name: 'trip_by_id',
  text: `SELECT ${TRIP_COLUMNS} FROM "public"."trips" AS t WHERE ${WHERE}`,
};
const BY_ID_WITH_AGENT: Statement = {
  name: 'trip_by_id_agent',
  text: `SELECT ${TRIP_COLUMNS}, a.picture_url FROM "public"."trips" AS t JOIN "public"."agents" AS a ON a.id = t.agent_id WHERE ${WHERE}`,
};

/** The caller's trip `id`, outside the trash, for the selection in `info`; NotFoundError otherwise. */
export async function tripById(
  ctx: Context,
  actor: Actor,
  id: number,
  info: GraphQLResolveInfo,
): Promise<LoadedTrip> {
  const plan = rowPlanOf(info);
  const rows = plan === 'prisma' ? undefined : sqlRows(ctx.prisma);
  if (!rows)
    return getTrip(
      ctx.prisma,
      actor,
      id,
      await queryFromInfo({ context: ctx, info, awaitSelections: true }),
    ) as Promise<LoadedTrip>;
  const withAgent = plan === 'columns+agent';
  const [row] = await rows(withAgent ? BY_ID_WITH_AGENT : BY_ID, [id, actor.accountId]);
  if (!row) throw notFound();
  return tripOf(row, withAgent);
}
