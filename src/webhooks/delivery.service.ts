// Deliveries (docs/webhooks.md#delivery-rules): each event goes to every active
// endpoint of its account that subscribes to its type, as one POST per endpoint, in explicit
// stages: fan out (a delivery row and a job per endpoint) → send → record. No automatic retry:
// one attempt per delivery, recorded whatever happens; a person can redeliver by hand. A delivery
// still queued when its endpoint is paused or deleted is recorded as skipped, never sent
// (docs/webhooks.md#one-slow-receiver-delays-only-itself); its job is shared fairly by endpoint and account (webhooks.workers.ts).
import { randomUUID } from 'node:crypto';
import type { Actor } from '../auth/actor.ts';
import { DURATIONS } from '../config/constants.ts';
import type { Keys } from '../config/secret-key.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { NotFoundError } from '../errors.ts';
import { receiverConnection, sendOutbound } from '../http/outbound.ts';
import type { LaneScope } from '../jobs/fair-worker.ts';
import type { Logger } from '../logger.ts';
import { getEndpoint } from './endpoint.service.ts';
import { decryptSecret } from './secrets.ts';
import { signatureHeader } from './signature.ts';
import { deliverJob } from './webhooks.jobs.ts';

/** What is kept of a receiver's answer. */
const RESPONSE_BODY_MAX = 4096;

export interface DeliveryDeps {
  prisma: PrismaClient;
  jobs: JobQueue;
  keys: Keys;
  clock: () => Date;
  allowLoopback: boolean;
  /** How long a receiver has to answer (30 s unless WEBHOOK_TIMEOUT_MS says less). */
  timeoutMs: number;
  logger: Logger;
  /** Sees every attempt's outcome and duration (the metrics). */
  onAttempt?: (outcome: 'succeeded' | 'failed', seconds: number) => void;
  /**
   * The delivery worker's lane (its endpoint's deliveries, one after another): the connection to
   * the receiver is kept from one delivery to the next, instead of a TLS handshake each, and an
   * attempt's record is written while the next one begins.
   */
  lane?: LaneScope;
}

/**
 * The fair worker's group and tier of a delivery's job: its endpoint, its account. A hanging
 * receiver holds its own endpoint's slots and at most its account's share.
 */
const deliveryGroup = (endpointId: number, accountId: number) => ({
  group: { id: String(endpointId), tier: String(accountId) },
});

/** Stage 1: a delivery per subscribed active endpoint. Safe to run twice (existing ones are kept). */
export async function fanOut(deps: DeliveryDeps, eventId: string): Promise<number> {
  return deps.prisma.$transaction(async (tx) => {
    const event = await tx.event.findUnique({
      where: { id: eventId },
      select: { accountId: true, type: true, deliveries: { select: { endpointId: true } } },
    });
    if (!event) return 0;
    const done = new Set(event.deliveries.map((d) => d.endpointId));
    const endpoints = await tx.webhookEndpoint.findMany({
      where: {
        accountId: event.accountId,
        status: 'active',
        deletedAt: null,
        eventTypes: { has: event.type },
      },
      select: { id: true },
    });
    const todo = endpoints.filter((e) => !done.has(e.id));
    if (todo.length === 0) return 0;
    const deliveries = todo.map((endpoint) => ({
      id: `dlv_${randomUUID()}`,
      eventId,
      endpointId: endpoint.id,
    }));
    await tx.delivery.createMany({ data: deliveries });
    const endpointOf = new Map(deliveries.map((d) => [d.id, d.endpointId]));
    await deps.jobs.enqueueMany(
      tx,
      deliverJob,
      deliveries.map((d) => ({ deliveryId: d.id })),
      ({ deliveryId }) => deliveryGroup(endpointOf.get(deliveryId)!, event.accountId),
    );
    return deliveries.length;
  });
}

/**
 * The envelope (docs/decisions.md#events-and-webhooks), serialised once: the signature covers these
 * exact bytes.
 */
function envelope(event: {
  id: string;
  type: string;
  createdAt: Date;
  accountId: number;
  payload: unknown;
}): string {
  return JSON.stringify({
    eventId: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    accountId: event.accountId,
    data: event.payload,
  });
}

/** What an attempt sends, as begin() reads it with the attempt's start. */
interface Begun {
  requestBody: string | null;
  event: { id: string; type: string; createdAt: Date; accountId: number; payload: unknown };
  endpoint: {
    id: number;
    url: string;
    secretEncrypted: string;
    previousSecretEncrypted: string | null;
    previousSecretExpiresAt: Date | null;
  };
}

interface BegunRow {
  started: boolean;
  request_body: string | null;
  event_id: string;
  type: string;
  created_at: Date;
  account_id: number;
  payload: unknown;
  endpoint_id: number;
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | null;
}

/**
 * Whether a queued delivery may start, in one statement that also reads what the attempt sends:
 * its attempt begins (startedAt) while the statement holds its endpoint's row (FOR SHARE), so a
 * pause or a delete (which update that row, then skip what is queued, endpoint.service.ts) either
 * sees it begun or is seen by it. Once their answer is sent, no attempt starts; a delivery that
 * finds its endpoint paused or deleted is recorded as skipped here. A delivery by hand (a test, a
 * redelivery) is sent to a paused endpoint too.
 */
async function begin(deps: DeliveryDeps, deliveryId: string): Promise<Begun | null> {
  const now = deps.clock();
  const [row] = await deps.prisma.$queryRaw<BegunRow[]>`
    WITH endpoint AS (
      SELECT e.id, e.url, e.secret_encrypted, e.previous_secret_encrypted,
        e.previous_secret_expires_at,
        CASE
          WHEN e.deleted_at IS NOT NULL THEN 'deleted'::"DeliverySkipReason"
          WHEN e.status = 'paused' AND NOT d.manual THEN 'paused'::"DeliverySkipReason"
        END AS skip
      FROM deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = ${deliveryId}
      FOR SHARE OF e
    )
    UPDATE deliveries d SET
      started_at = CASE WHEN endpoint.skip IS NULL THEN ${now}::timestamptz ELSE d.started_at END,
      status = CASE WHEN endpoint.skip IS NULL THEN d.status ELSE 'skipped' END,
      skip_reason = endpoint.skip,
      completed_at = CASE WHEN endpoint.skip IS NULL THEN d.completed_at ELSE ${now}::timestamptz END
    FROM endpoint, events ev
    WHERE d.id = ${deliveryId} AND d.endpoint_id = endpoint.id AND d.status = 'pending'
      AND ev.id = d.event_id
    RETURNING endpoint.skip IS NULL AS started, d.request_body, ev.id AS event_id, ev.type,
      ev.created_at, ev.account_id, ev.payload, endpoint.id AS endpoint_id, endpoint.url,
      endpoint.secret_encrypted, endpoint.previous_secret_encrypted,
      endpoint.previous_secret_expires_at`;
  if (!row?.started) return null;
  return {
    requestBody: row.request_body,
    event: {
      id: row.event_id,
      type: row.type,
      createdAt: row.created_at,
      accountId: row.account_id,
      payload: row.payload,
    },
    endpoint: {
      id: row.endpoint_id,
      url: row.url,
      secretEncrypted: row.secret_encrypted,
      previousSecretEncrypted: row.previous_secret_encrypted,
      previousSecretExpiresAt: row.previous_secret_expires_at,
    },
  };
}

/** Stages 2 and 3: send once, record the attempt. Safe to run twice: a recorded delivery is not resent. */
export async function deliver(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const delivery = await begin(deps, deliveryId);
  if (!delivery) return;
  const { event, endpoint } = delivery;
  const now = deps.clock();
  const body = delivery.requestBody ?? envelope(event);
  const secrets = [decryptSecret(deps.keys.secretEncryption, endpoint.secretEncrypted)];
  if (
    endpoint.previousSecretEncrypted &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(decryptSecret(deps.keys.secretEncryption, endpoint.previousSecretEncrypted));
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'TripsService-Webhooks/1.0',
    'x-service-event': event.type,
    'x-service-delivery': event.id,
    'x-service-signature-256': signatureHeader(secrets, body),
  };
  const started = performance.now();
  let result: {
    status: 'succeeded' | 'failed';
    responseStatus?: number;
    responseBody?: string;
    error?: string;
  };
  try {
    const response = await sendOutbound(
      endpoint.url,
      {
        method: 'POST',
        httpsOnly: true,
        headers,
        body,
        timeoutMs: deps.timeoutMs,
        maxBytes: RESPONSE_BODY_MAX,
        connection: deps.lane?.keep(`receiver:${endpoint.id}`, receiverConnection, (agent) =>
          agent.destroy(),
        ),
      },
      { allowLoopback: deps.allowLoopback },
    );
    const ok = response.status >= 200 && response.status < 300;
    result = {
      status: ok ? 'succeeded' : 'failed',
      responseStatus: response.status,
      responseBody: response.body.toString('utf8'),
      ...(ok ? {} : { error: `The receiver answered ${response.status}.` }),
    };
  } catch (error) {
    result = { status: 'failed', error: (error as Error).message.slice(0, 500) };
  }
  const ms = performance.now() - started;
  deps.onAttempt?.(result.status, ms / 1000);
  const record = deps.prisma.delivery.updateMany({
    where: { id: deliveryId, status: 'pending' },
    data: {
      ...result,
      requestUrl: endpoint.url,
      requestHeaders: headers,
      requestBody: body,
      durationMs: Math.round(ms),
      completedAt: deps.clock(),
    },
  });
  if (result.status === 'failed')
    deps.logger.info(
      { deliveryId, endpointId: endpoint.id, error: result.error },
      'webhook delivery failed',
    );
  // In a lane, the record is written while the lane's next delivery begins; its job is settled
  // once it is written.
  if (deps.lane) deps.lane.defer(record);
  else await record;
}

const WITH_TYPE = { event: { select: { type: true } } } as const;

/** What a delivery by hand (a test, a redelivery) needs: the database, the caller, the job kit, the clock. */
export interface ManualDeliveryDeps {
  prisma: PrismaClient;
  actor: Actor;
  jobs: JobQueue;
  clock: () => Date;
}

/** `webhook.test` with `data` {test: {}}: sent even while the endpoint is paused. */
export async function sendTest(deps: ManualDeliveryDeps, endpointId: number) {
  const endpoint = await getEndpoint(deps.prisma, deps.actor, endpointId);
  return deps.prisma.$transaction(async (tx) => {
    const eventId = `evt_${randomUUID()}`;
    await tx.event.create({
      data: {
        id: eventId,
        accountId: endpoint.accountId,
        type: 'webhook.test',
        resourceType: 'test',
        payload: { test: {} },
        createdAt: deps.clock(),
      },
    });
    const delivery = await tx.delivery.create({
      data: { id: `dlv_${randomUUID()}`, eventId, endpointId, manual: true },
      include: WITH_TYPE,
    });
    await deps.jobs.enqueue(
      tx,
      deliverJob,
      { deliveryId: delivery.id },
      deliveryGroup(endpointId, endpoint.accountId),
    );
    return delivery;
  });
}

/** A new attempt of a recorded delivery: the same event (same eventId, same body) to the same endpoint. */
export async function redeliver(deps: ManualDeliveryDeps, endpointId: number, deliveryId: string) {
  const endpoint = await getEndpoint(deps.prisma, deps.actor, endpointId);
  const original = await deps.prisma.delivery.findFirst({ where: { id: deliveryId, endpointId } });
  if (!original) throw new NotFoundError('Delivery not found.');
  return deps.prisma.$transaction(async (tx) => {
    const delivery = await tx.delivery.create({
      data: { id: `dlv_${randomUUID()}`, eventId: original.eventId, endpointId, manual: true },
      include: WITH_TYPE,
    });
    await deps.jobs.enqueue(
      tx,
      deliverJob,
      { deliveryId: delivery.id },
      deliveryGroup(endpointId, endpoint.accountId),
    );
    return delivery;
  });
}

export async function listDeliveries(
  prisma: PrismaClient,
  actor: Actor,
  endpointId: number,
  page: number,
  pageSize: number,
) {
  await getEndpoint(prisma, actor, endpointId);
  const where = { endpointId };
  const [data, totalCount] = await Promise.all([
    prisma.delivery.findMany({
      where,
      include: WITH_TYPE,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    prisma.delivery.count({ where }),
  ]);
  return { data, page, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}

/**
 * Deliveries are kept 30 days (docs/decisions.md#events-and-webhooks); events go with their last
 * delivery.
 */
export async function purgeOldDeliveries(prisma: PrismaClient, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DURATIONS.deliveryRetentionDays * 24 * 60 * 60 * 1000);
  const { count } = await prisma.delivery.deleteMany({ where: { createdAt: { lt: cutoff } } });
  await prisma.event.deleteMany({ where: { createdAt: { lt: cutoff }, deliveries: { none: {} } } });
  await prisma.eventDebounce.deleteMany({
    where: { pending: false, lastEmittedAt: { lt: cutoff } },
  });
  return count;
}
