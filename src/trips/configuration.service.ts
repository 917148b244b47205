// The configuration of a trip: read whole, replaced whole or merge-patched, guarded by ETags.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../auth/actor.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { sqlTransaction, type SqlTransaction } from '../db/sql-transaction.ts';
import { PreconditionFailedError } from '../errors.ts';
import type { Writer } from '../writer.ts';
import { parseOrThrow } from '../validation.ts';
import {
  configurationInput,
  mergePatch,
  type ConfigurationDocument,
} from './configuration.input.ts';
import { assertDocumentDepth } from './configuration.depth.ts';
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
 * to the newest document and the last writer wins, never a 412. A save whose document equals the
 * stored one (as JSON: PostgreSQL's jsonb equality, blind to key order) writes nothing: same
 * revision, same ETag, no event (docs/webhooks.md#when-events-happen: an update that changes nothing sends nothing).
 */
export async function saveConfiguration(
  w: Writer,
  tripId: number,
  change: { document: unknown } | { patch: unknown },
  ifMatch?: string | null,
  /** Whether the caller reads the saved document back (a REST PUT does not: it is most of the cost). */
  returnDocument = true,
) {
  // Before anything recursive walks it (the merge patch, zod): a 400, not a stack overflow. A
  // patch's blocks replace the document's whole (RFC 7396 replaces arrays): the same limits.
  assertDocumentDepth('document' in change ? change.document : change.patch);
  const save = async (tx: Prisma.TransactionClient | SqlTransaction) => {
    const [locked] = await tx.$queryRawUnsafe<Array<{ revision: number; updatedAt: Date }>>(
      `SELECT c.revision, c.updated_at AS "updatedAt"
      FROM trip_configurations c JOIN trips t ON t.id = c.trip_id
      WHERE c.trip_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL
      FOR UPDATE OF c`,
      tripId,
      w.actor.accountId,
    );
    if (!locked) throw notFound();
    if (
      ifMatch &&
      ifMatch !== '*' &&
      !ifMatch
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''))
        .includes(etagOf(tripId, locked.revision))
    ) {
      throw new PreconditionFailedError();
    }
    // A replacement never reads the stored document (200 blocks cost more to read than to write).
    // Only Prisma's transaction reads it (a patch) or reads it back (returnDocument): see below.
    const prisma = tx as Prisma.TransactionClient;
    const stored =
      'patch' in change
        ? await prisma.tripConfiguration.findUniqueOrThrow({ where: { tripId } })
        : undefined;
    const candidate = stored
      ? mergePatch(stored.document, (change as { patch: unknown }).patch)
      : (change as { document: unknown }).document;
    if (stored) assertDocumentDepth(candidate);
    const { updatedAt: _ignored, ...document } = parseOrThrow(configurationInput, candidate);
    const saved = await replaceDocument(tx, tripId, withFieldIds(document), returnDocument);
    if (!saved) {
      const unchanged =
        stored ??
        (returnDocument
          ? await prisma.tripConfiguration.findUniqueOrThrow({ where: { tripId } })
          : { tripId, ...locked });
      return { ...unchanged, etag: etagOf(tripId, locked.revision) };
    }
    // Every save that changes the document counts (docs/decisions.md#trip-configuration); the
    // debounce folds a burst into one.
    await w.events.recordDebounced(tx, {
      type: 'trip.configUpdated',
      accountId: w.actor.accountId,
      resource: 'trip',
      resourceId: tripId,
    });
    return { ...saved, etag: etagOf(tripId, saved.revision) };
  };
  // A replacement that is not read back is all SQL text: on one pooled connection, without
  // Prisma's interactive transaction (db/sql-transaction.ts; about a third of such a save's CPU).
  const inSql =
    'document' in change && !returnDocument ? await sqlTransaction(w.prisma, save) : undefined;
  return inSql ? inSql.result : w.prisma.$transaction(save);
}

/**
 * The update, in SQL in both transactions: Prisma walks a JSON value to serialize it (about a
 * fifth of a 200-block save's CPU, and most of its garbage); here it is one string. PostgreSQL
 * compares it with the stored jsonb (key order and spacing aside) and writes nothing when they
 * are equal: then undefined. `withDocument`: the saved document comes back too.
 */
async function replaceDocument(
  tx: Prisma.TransactionClient | SqlTransaction,
  tripId: number,
  document: object,
  withDocument: boolean,
) {
  const [saved] = await tx.$queryRawUnsafe<
    Array<{ revision: number; updatedAt: Date; document?: Prisma.JsonValue }>
  >(
    `UPDATE trip_configurations SET document = $1::jsonb, revision = revision + 1, updated_at = now()
    WHERE trip_id = $2 AND document IS DISTINCT FROM $1::jsonb
    RETURNING revision, updated_at AS "updatedAt"${withDocument ? ', document' : ''}`,
    JSON.stringify(document),
    tripId,
  );
  return saved && { tripId, ...saved };
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
