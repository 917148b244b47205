// Trips of the caller's account. A trip in the trash (deletedAt set) reads as 404 everywhere.
import type { Actor } from '../auth/actor.ts';
import { LIMITS } from '../config/constants.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { CODE_ALPHABET, randomString, slugFor } from '../shared/identifiers.ts';
import { defaultConfiguration } from './configuration.defaults.ts';
import { datesInOrder, type CreateTripInput, type UpdateTripInput } from './trip.input.ts';

type Query = { include?: Prisma.TripInclude; select?: Prisma.TripSelect };

export const notFound = () => new NotFoundError('Trip not found.');
/** The trips a caller may read: its account's, outside the trash. */
export const readableTrips = (actor: Actor) => ({ accountId: actor.accountId, deletedAt: null });
const visible = (actor: Actor, id: number) => ({ id, ...readableTrips(actor) });

export async function createTrip(prisma: PrismaClient, actor: Actor, input: CreateTripInput, query: Query = {}, document: Prisma.InputJsonObject = defaultConfiguration()) {
  return prisma.$transaction(async (tx) => {
    // The account row is the counter: codes are unique and gap-free per account, even concurrently.
    const { tripSeq } = await tx.account.update({ where: { id: actor.accountId }, data: { tripSeq: { increment: 1 } }, select: { tripSeq: true } });
    return tx.trip.create({
      ...query,
      data: {
        ...input,
        slug: slugFor(input.title, 'trip'),
        code: `TRIP-${tripSeq}`,
        joinCode: randomString(CODE_ALPHABET, 8),
        accountId: actor.accountId,
        agentId: actor.agentId,
        configuration: { create: { document } },
      },
    });
  });
}

export async function getTrip(prisma: PrismaClient, actor: Actor, id: number, query: Query = {}) {
  const trip = await prisma.trip.findFirst({ ...query, where: visible(actor, id) });
  if (!trip) throw notFound();
  return trip;
}

export async function updateTrip(prisma: PrismaClient, actor: Actor, id: number, input: UpdateTripInput, query: Query = {}) {
  return prisma.$transaction(async (tx) => {
    const current = await tx.trip.findFirst({ where: visible(actor, id), select: { dateStart: true, dateFinish: true } });
    if (!current) throw notFound();
    if (!datesInOrder({ ...current, ...input })) throw ValidationError.field('dateFinish', 'dateFinish must not be before dateStart.');
    return tx.trip.update({ ...query, where: { id }, data: input });
  });
}

export async function deleteTrip(prisma: PrismaClient, actor: Actor, id: number, now: Date): Promise<void> {
  const { count } = await prisma.trip.updateMany({ where: visible(actor, id), data: { deletedAt: now, deletedById: actor.agentId } });
  if (count === 0) throw notFound();
}

/** Ids that are missing, already deleted or not the caller's are skipped (decisions "Trips"). */
export async function deleteTrips(prisma: PrismaClient, actor: Actor, ids: readonly number[], now: Date): Promise<number> {
  if (ids.length > LIMITS.bulkDeleteMax) throw ValidationError.field('tripIds', `At most ${LIMITS.bulkDeleteMax} ids a call.`);
  const { count } = await prisma.trip.updateMany({
    where: { id: { in: [...new Set(ids)] }, accountId: actor.accountId, deletedAt: null },
    data: { deletedAt: now, deletedById: actor.agentId },
  });
  return count;
}

/** A copy of a readable trip and its configuration, as a new trip of the caller (fresh slug, code, join code, no views). */
export async function duplicateTrip(prisma: PrismaClient, actor: Actor, id: number, title: string | undefined, query: Query = {}) {
  const source = await prisma.trip.findFirst({ where: visible(actor, id), include: { configuration: { select: { document: true } } } });
  if (!source) throw notFound();
  const { title: sourceTitle, seoDescription, duration, dateStart, dateFinish, dateExpiration, logo, countries, imageUrl, template, visibility } = source;
  const copy = { title: title ?? copyTitle(sourceTitle), seoDescription, duration, dateStart, dateFinish, dateExpiration, logo, countries, imageUrl, template, visibility };
  return createTrip(prisma, actor, copy, query, (source.configuration?.document ?? defaultConfiguration()) as Prisma.InputJsonObject);
}

const copyTitle = (title: string) => (title.length > 193 ? title.slice(0, 193) : title) + ' (copy)';
