// The configuration of a trip: read whole, replaced whole or merge-patched, guarded by ETags.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../auth/actor.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { PreconditionFailedError } from '../errors.ts';
import type { Writer } from '../writer.ts';
import { parseOrThrow } from '../validation.ts';
import {
  configurationInput,
  mergePatch,
  type ConfigurationDocument,
} from './configuration.input.ts';
import { notFound } from './trip.service.ts';

export const etagOf = (tripId: number, revision: number) => `"${tripId}-${revision}"`;

export async function getConfiguration(prisma: PrismaClient, actor: Actor, tripId: number) {
  const config = await prisma.tripConfiguration.findFirst({
    where: { tripId, trip: { accountId: actor.accountId, deletedAt: null } },
  });
  if (!config) throw notFound();
  return { ...config, etag: etagOf(tripId, config.revision) };
}

/**
 * `ifMatch`: the ETag the client read; a write over a newer revision is refused (412). Saves of
 * one configuration run one after the other (row lock), so without If-Match a merge patch applies
 * to the newest document and the last writer wins, never a 412.
 */
export async function saveConfiguration(
  w: Writer,
  tripId: number,
  change: { document: unknown } | { patch: unknown },
  ifMatch?: string | null,
) {
  return w.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ revision: number }>>`
      SELECT c.revision FROM trip_configurations c JOIN trips t ON t.id = c.trip_id
      WHERE c.trip_id = ${tripId} AND t.account_id = ${w.actor.accountId} AND t.deleted_at IS NULL
      FOR UPDATE OF c`;
    if (!locked) throw notFound();
    const current = await tx.tripConfiguration.findUniqueOrThrow({ where: { tripId } });
    if (
      ifMatch &&
      ifMatch !== '*' &&
      !ifMatch
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''))
        .includes(etagOf(tripId, current.revision))
    ) {
      throw new PreconditionFailedError();
    }
    const candidate =
      'document' in change ? change.document : mergePatch(current.document, change.patch);
    const { updatedAt: _ignored, ...document } = parseOrThrow(configurationInput, candidate);
    const saved = await tx.tripConfiguration.update({
      where: { tripId },
      data: { document: withFieldIds(document) as object, revision: { increment: 1 } },
    });
    // Every save counts (service-spec: "builder content saved"); the debounce folds a burst into one.
    await w.events.recordDebounced(tx, {
      type: 'trip.configUpdated',
      accountId: w.actor.accountId,
      resource: 'trip',
      resourceId: tripId,
    });
    return { ...saved, etag: etagOf(tripId, saved.revision) };
  });
}

/** More-info fields carry an id in GET responses: give one to each field saved without it. */
function withFieldIds(document: Omit<ConfigurationDocument, 'updatedAt'>) {
  return {
    ...document,
    moreInfo: {
      ...document.moreInfo,
      fields: document.moreInfo.fields.map((f) => ({ ...f, id: f.id ?? randomUUID() })),
    },
  };
}
