// Recording events (docs/decisions.md#events-and-webhooks). Everything here runs inside the
// transaction of the change that causes the event: the event row and the job that will deliver it
// commit or roll back with the change, so a crash can delay an event but never lose one, and a
// rolled-back change never sends one. Debounced types record an intent instead (event_debounces),
// turned into an event at most once per window per resource, with the resource as it is then.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../db/prisma.ts';
import type { SqlTransaction } from '../db/sql-transaction.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { fanOutJob, flushDebouncedJob } from './webhooks.jobs.ts';

/** Every event type a customer can subscribe to (docs/decisions.md#events-and-webhooks). */
export const EVENT_TYPES = [
  'trip.created',
  'trip.updated',
  'trip.configUpdated',
  'trip.deleted',
  'catalog.created',
  'catalog.updated',
  'catalog.deleted',
  'booking.created',
  'booking.updated',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number] | 'webhook.test';

type Tx = Prisma.TransactionClient;
/** Where record and insert write: Prisma's transaction, or one in SQL on a pg connection (trip creation). */
type AnyTx = Tx | SqlTransaction;

const INSERT_EVENT = `INSERT INTO events (id, account_id, type, resource_type, resource_id, payload, created_at)
  VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`;

/**
 * An active endpoint of account $1 that wants events of type $2. A statement that must know
 * whether anyone subscribes without a round trip of its own embeds it (trip-create.sql.ts).
 */
export const SUBSCRIBED_ENDPOINT = `SELECT 1 FROM webhook_endpoints
  WHERE account_id = $1 AND status = 'active' AND deleted_at IS NULL AND $2 = ANY(event_types)
  LIMIT 1`;

/** The resources events carry, by name. */
export const RESOURCE_NAMES = ['trip', 'catalog', 'booking', 'payment'] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];
/**
 * How to read each resource as its event `data` (`{trip}`, `{catalog}`...), as it is now. Each
 * domain gives the loaders of its resources (src/domains.ts gathers them).
 */
export type EventResources = Record<ResourceName, (tx: Tx, id: number) => Promise<object | null>>;

export interface EventRecorderOptions {
  jobs: JobQueue;
  debounceSeconds: number;
  clock: () => Date;
  resources: EventResources;
}

export class EventRecorder {
  readonly #options: EventRecorderOptions;

  constructor(options: EventRecorderOptions) {
    this.#options = options;
  }

  /** Whether an active endpoint of the account wants this type; without one, nothing is recorded. */
  async subscribed(tx: AnyTx, accountId: number, type: EventType): Promise<boolean> {
    const rows = await tx.$queryRawUnsafe<unknown[]>(SUBSCRIBED_ENDPOINT, accountId, type);
    return rows.length > 0;
  }

  /** Several events of one type in one go (bulk deletions): one subscription check, two inserts. */
  async recordMany(
    tx: Tx,
    type: EventType,
    accountId: number,
    resource: ResourceName,
    events: Array<{ resourceId: number; payload: object }>,
  ) {
    if (events.length === 0 || !(await this.subscribed(tx, accountId, type))) return;
    const createdAt = this.#options.clock();
    const rows = events.map((e) => ({
      id: `evt_${randomUUID()}`,
      accountId,
      type,
      resourceType: resource,
      resourceId: e.resourceId,
      payload: e.payload,
      createdAt,
    }));
    await tx.event.createMany({ data: rows });
    await this.#options.jobs.enqueueMany(
      tx,
      fanOutJob,
      rows.map((row) => ({ eventId: row.id })),
    );
  }

  /** Records an event whose `data` is built now (only when someone subscribes). */
  async record(
    tx: AnyTx,
    event: {
      type: EventType;
      accountId: number;
      resource: ResourceName;
      resourceId: number;
      data: () => Promise<object>;
    },
  ) {
    if (!(await this.subscribed(tx, event.accountId, event.type))) return undefined;
    return this.insert(tx, { ...event, payload: await event.data() });
  }

  /** An event for any endpoint, subscribed or not (webhook.test). */
  async insert(
    tx: AnyTx,
    event: {
      type: EventType;
      accountId: number;
      resource: string;
      resourceId: number | null;
      payload: object;
    },
  ) {
    const id = `evt_${randomUUID()}`;
    // SQL text that either transaction runs, as the subscription check and the debounce do.
    await tx.$queryRawUnsafe(
      INSERT_EVENT,
      id,
      event.accountId,
      event.type,
      event.resource,
      event.resourceId,
      JSON.stringify(event.payload),
      this.#options.clock(),
    );
    await this.#options.jobs.enqueue(tx, fanOutJob, { eventId: id });
    return id;
  }

  /**
   * A debounced type: at most one event per resource per window. The first change of a quiet
   * resource is due at once; later ones join the pending one, due a window after the last event.
   * Only the change that finds no pending intent queues a flush job, so a resource has at most one
   * flush job a window whatever the number of saves and processes.
   */
  async recordDebounced(
    tx: AnyTx,
    event: { type: EventType; accountId: number; resource: ResourceName; resourceId: number },
  ) {
    if (!(await this.subscribed(tx, event.accountId, event.type))) return;
    const now = this.#options.clock();
    const key = `${event.type}:${event.resource}:${event.resourceId}`;
    for (;;) {
      // The intent is locked in a statement of its own: a FOR UPDATE in the upsert's own statement
      // cannot see the row that statement changes, so it read "not pending" every time and each
      // save queued a flush job of its own.
      // SQL text with its values (not Prisma's tagged template): a pg transaction runs it too.
      const [prior] = await tx.$queryRawUnsafe<Array<{ pending: boolean }>>(
        'SELECT pending FROM event_debounces WHERE key = $1 FOR UPDATE',
        key,
      );
      if (!prior) {
        const [inserted] = await tx.$queryRawUnsafe<Array<{ due_at: Date }>>(
          `INSERT INTO event_debounces (key, account_id, type, resource_type, resource_id, pending, due_at)
          VALUES ($1, $2, $3, $4, $5, true, $6)
          ON CONFLICT (key) DO NOTHING
          RETURNING due_at`,
          key,
          event.accountId,
          event.type,
          event.resource,
          event.resourceId,
          now,
        );
        if (inserted) return this.scheduleFlush(tx, key, inserted.due_at);
        continue; // a concurrent save inserted it first and has committed: lock it now
      }
      const [row] = await tx.$queryRawUnsafe<Array<{ due_at: Date }>>(
        `UPDATE event_debounces SET
          pending = true,
          account_id = $2,
          due_at = CASE WHEN pending THEN due_at
                        ELSE GREATEST($3::timestamptz, last_emitted_at + make_interval(secs => $4)) END
        WHERE key = $1
        RETURNING due_at`,
        key,
        event.accountId,
        now,
        this.#options.debounceSeconds,
      );
      if (!prior.pending) await this.scheduleFlush(tx, key, row!.due_at);
      return;
    }
  }

  async scheduleFlush(tx: AnyTx | undefined, key: string, dueAt: Date) {
    // An instant, not a delay: pg-boss adds a delay to the sending transaction's start, which can
    // be long before now under load, so the job woke early, found nothing due and queued a second
    // one. The delay is measured on the service's clock (tests inject one) and the instant on the
    // real one; whole seconds, as before, made a change up to a second late.
    const delayMs = dueAt.getTime() - this.#options.clock().getTime();
    const startAfter = delayMs > 0 ? new Date(Date.now() + delayMs) : 0;
    const { jobs } = this.#options;
    await (tx
      ? jobs.enqueue(tx, flushDebouncedJob, { key }, { startAfter })
      : jobs.send(flushDebouncedJob, { key }, { startAfter }));
  }

  /**
   * Turns due intents into events, the resource read as it is now. One transaction per intent:
   * the intent is cleared exactly when its event is recorded.
   */
  async flushDue(
    prisma: { $transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> } & Pick<Tx, '$queryRaw'>,
    key?: string,
  ): Promise<number> {
    const now = this.#options.clock();
    const due = key
      ? await prisma.$queryRaw<
          Array<{ key: string; due_at: Date; pending: boolean }>
        >`SELECT key, due_at, pending FROM event_debounces WHERE key = ${key}`
      : await prisma.$queryRaw<
          Array<{ key: string; due_at: Date; pending: boolean }>
        >`SELECT key, due_at, pending FROM event_debounces WHERE pending AND due_at <= ${now} ORDER BY due_at LIMIT 1000`;
    let emitted = 0;
    for (const intent of due) {
      if (!intent.pending) continue;
      if (intent.due_at > now) {
        await this.scheduleFlush(undefined, intent.key, intent.due_at); // woke early (clock skew): sleep again
        continue;
      }
      const done = await prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<
          Array<{
            account_id: number;
            type: EventType;
            resource_type: ResourceName;
            resource_id: number;
          }>
        >`
          UPDATE event_debounces SET pending = false, last_emitted_at = ${now}
          WHERE key = ${intent.key} AND pending AND due_at <= ${now}
          RETURNING account_id, type, resource_type, resource_id`;
        if (!row) return false;
        const payload = await this.#options.resources[row.resource_type](tx, row.resource_id);
        if (!payload) return false; // gone (deleted) since: its own event says so
        return Boolean(
          await this.record(tx, {
            type: row.type,
            accountId: row.account_id,
            resource: row.resource_type,
            resourceId: row.resource_id,
            data: async () => payload,
          }),
        );
      });
      if (done) emitted++;
    }
    return emitted;
  }
}
