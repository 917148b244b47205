// Live updates for GraphQL subscriptions (docs/graphql.md#live-updates-subscriptions). A subscription
// watches a topic (`import_job:<id>`, `trip:<id>`): this process registers it in live_watches,
// and the tables' triggers notify the channel live_changes, in the writing transaction, only for
// watched topics, so writes nobody watches pay one index lookup and no NOTIFY. Every API process
// listens on a connection of its own and wakes its local watchers, wherever the write happened
// (an API process, a worker). A watcher is a signal, not data: it reloads what it shows.
import { Repeater } from 'graphql-yoga';
import type { callerSubject } from '../auth/actor.ts';
import { PgListener } from '../db/pg-listener.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';

export const LIVE_CHANGES_CHANNEL = 'live_changes';
/** A watch row lives this long unless refreshed; a process refreshes its own at half of it. */
const WATCH_TTL_SECONDS = 120;

export type LiveTopic = `import_job:${number}` | `trip:${number}`;

/** Who opens a stream: keyed callers count per key, the others per IP. */
export type LiveCaller = ReturnType<typeof callerSubject>;

export class TooManySubscriptionsError extends AppError {
  readonly code = 'too_many_subscriptions';
  readonly status = 429;
  constructor(limit: number, per: 'key' | 'ip') {
    super(
      `At most ${limit} subscriptions may be open at once per ${per === 'key' ? 'API key' : 'IP address'} on one process: close one first.`,
    );
  }
}

export interface LiveLimits {
  perKey: number;
  perIp: number;
}

export class LiveChanges {
  readonly #watchers = new Map<string, Set<() => void>>();
  readonly #open = new Map<string, number>();
  /** How to end each open stream (at shutdown). */
  readonly #streams = new Set<() => void>();
  readonly #prisma: PrismaClient;
  readonly #limits: LiveLimits;
  #listener: PgListener | undefined;
  #refresh: NodeJS.Timeout | undefined;

  constructor(prisma: PrismaClient, limits: LiveLimits) {
    this.#prisma = prisma;
    this.#limits = limits;
  }

  /** Listens on live_changes (the processes that serve subscriptions). */
  async start(databaseUrl: string, logger: Logger): Promise<void> {
    this.#listener = new PgListener({
      databaseUrl,
      logger,
      channels: [LIVE_CHANGES_CHANNEL],
      applicationName: 'trips-live-changes',
      onNotification: (_channel, topic) => {
        for (const wake of this.#watchers.get(topic ?? '') ?? []) wake();
      },
      // Changes may have been missed: every watcher reloads.
      onResync: () => {
        for (const watchers of this.#watchers.values()) for (const wake of watchers) wake();
      },
      lostMessage: 'live change notifications interrupted: subscriptions resume when reconnected',
    });
    await this.#listener.start();
    this.#refresh = setInterval(
      () => void this.#renew([...this.#watchers.keys()]).catch(() => {}),
      (WATCH_TTL_SECONDS / 2) * 1000,
    );
    this.#refresh.unref();
  }

  /** Ends every open stream (shutdown: the clients reconnect elsewhere), then stops listening. */
  async stop(): Promise<void> {
    clearInterval(this.#refresh);
    for (const end of [...this.#streams]) end();
    await this.#listener?.stop();
  }

  /** Open streams, for the metrics and the tests. */
  get open(): number {
    return this.#streams.size;
  }

  /** Topics this process watches. */
  get topics(): number {
    return this.#watchers.size;
  }

  /**
   * A stream of the topic's states: `load` runs at once and after each change (changes that
   * arrive while it runs are coalesced into one more run) and says what to send, if anything
   * (`value`), and whether the stream ends there (`last`). Throws TooManySubscriptionsError past the caller's limit. A client
   * that leaves (return) frees everything at once, even while a load is awaited.
   */
  async watch<T>(
    topic: LiveTopic,
    caller: LiveCaller,
    load: () => Promise<{ value?: T; last?: boolean } | undefined>,
  ): Promise<AsyncIterableIterator<T>> {
    const [subject, limit, per] =
      'key' in caller
        ? [`key:${caller.key}`, this.#limits.perKey, 'key' as const]
        : [`ip:${caller.ip}`, this.#limits.perIp, 'ip' as const];
    const count = this.#open.get(subject) ?? 0;
    if (count >= limit) throw new TooManySubscriptionsError(limit, per);
    this.#open.set(subject, count + 1);

    let dirty = true;
    let signal: (() => void) | undefined;
    const wake = () => {
      dirty = true;
      signal?.();
    };
    let watchers = this.#watchers.get(topic);
    if (!watchers) this.#watchers.set(topic, (watchers = new Set()));
    watchers.add(wake);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      watchers.delete(wake);
      if (watchers.size === 0) this.#watchers.delete(topic);
      this.#streams.delete(end);
      const left = (this.#open.get(subject) ?? 1) - 1;
      if (left) this.#open.set(subject, left);
      else this.#open.delete(subject);
    };

    const stream = new Repeater<T>(async (push, stop) => {
      let stopped = false;
      void stop.then(() => {
        stopped = true;
        signal?.();
      });
      try {
        while (!stopped) {
          if (!dirty) await new Promise<void>((resolve) => (signal = resolve));
          signal = undefined;
          if (stopped) break;
          dirty = false;
          const step = await load();
          if (step && 'value' in step && !stopped) await push(step.value as T);
          if (step?.last) break;
        }
      } finally {
        release();
      }
      stop();
    });
    const iterator: AsyncIterableIterator<T> = {
      next: () => stream.next(),
      return: (value?: unknown) => {
        release();
        return stream.return(value as T);
      },
      throw: (error?: unknown) => stream.throw(error),
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    const end = () => void iterator.return?.();
    this.#streams.add(end);
    try {
      // Registered before the first load: a change committed after it is notified.
      await this.#renew([topic]);
    } catch (error) {
      await iterator.return?.();
      throw error;
    }
    return iterator;
  }

  #renew(topics: string[]): Promise<unknown> {
    if (topics.length === 0) return Promise.resolve();
    return this.#prisma.$executeRaw`
      INSERT INTO live_watches (topic, expires_at)
      SELECT topic, now() + make_interval(secs => ${WATCH_TTL_SECONDS}) FROM unnest(${topics}::text[]) AS topic
      ON CONFLICT (topic) DO UPDATE SET expires_at = EXCLUDED.expires_at`;
  }
}
