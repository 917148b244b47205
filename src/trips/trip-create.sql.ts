// A trip's creation in SQL on the caller's transaction, instead of Prisma's model operations:
// the counter, the trip (RETURNING its columns and its agent's picture) and its configuration,
// three statements, and the trip mapped to the object Prisma's create returned. Used when the
// caller wants the trip as the Trip type always loads it (its columns and its agent's picture);
// any other query goes through Prisma. Why: Prisma's runtime cost most of a creation's CPU.
import type { Prisma } from '../db/prisma.ts';
import { CODE_ALPHABET, randomString, slugFor } from '../shared/identifiers.ts';
import type { CreateTripInput } from './trip.input.ts';
import type { LoadedTrip } from './trip.row.ts';

type Query = { include?: Prisma.TripInclude; select?: Prisma.TripSelect };

/** Whether a create's query asks for no more than the columns and the agent's picture. */
export function columnsOnly(query: Query): boolean {
  if (query.select) return false;
  const include = query.include as Record<string, unknown> | undefined;
  if (!include) return true;
  const keys = Object.keys(include);
  if (keys.length !== 1 || keys[0] !== 'agent') return false;
  const agent = include.agent as { select?: Record<string, unknown> } | undefined;
  const selected = agent?.select ? Object.keys(agent.select) : [];
  return selected.length === 1 && agent?.select?.pictureUrl === true;
}

export async function insertTrip(
  tx: Prisma.TransactionClient,
  actor: { accountId: number; agentId: number },
  input: CreateTripInput,
  document: Prisma.InputJsonObject,
): Promise<LoadedTrip> {
  // The account row is the counter: codes are unique and gap-free per account, even concurrently.
  const [counter] = await tx.$queryRaw<Array<{ tripSeq: number }>>`
    UPDATE accounts SET trip_seq = trip_seq + 1, updated_at = now() WHERE id = ${actor.accountId}
    RETURNING trip_seq AS "tripSeq"`;
  const [row] = await tx.$queryRaw<Array<LoadedTrip & { pictureUrl: string | null }>>`
    INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, seo_description, duration,
      date_start, date_finish, date_expiration, logo, countries, image_url, template, visibility, updated_at)
    VALUES (${actor.accountId}, ${actor.agentId}, ${input.title}, ${slugFor(input.title, 'trip')},
      ${`TRIP-${counter!.tripSeq}`}, ${randomString(CODE_ALPHABET, 8)}, ${input.seoDescription ?? null},
      ${input.duration ?? null}::int, ${input.dateStart ?? null}::timestamptz, ${input.dateFinish ?? null}::timestamptz,
      ${input.dateExpiration ?? null}::timestamptz, ${input.logo ?? null}, ${input.countries ?? []}::text[],
      ${input.imageUrl ?? null}, ${input.template ?? false},
      CAST(${input.visibility ?? 'public'}::text AS "TripVisibility"), now())
    RETURNING id, account_id AS "accountId", agent_id AS "agentId", title, slug, code,
      join_code AS "joinCode", seo_description AS "seoDescription", duration, date_start AS "dateStart",
      date_finish AS "dateFinish", date_expiration AS "dateExpiration", logo, countries,
      image_url AS "imageUrl", template, visibility::text AS visibility, visualizations,
      created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt",
      deleted_by_id AS "deletedById",
      (SELECT a.picture_url FROM agents a WHERE a.id = trips.agent_id) AS "pictureUrl"`;
  const { pictureUrl, ...trip } = row!;
  await tx.$executeRaw`
    INSERT INTO trip_configurations (trip_id, document, updated_at)
    VALUES (${trip.id}, ${JSON.stringify(document)}::jsonb, now())`;
  return { ...trip, agent: { pictureUrl } } as LoadedTrip;
}
