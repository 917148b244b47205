// A connection of its own that LISTENs on PostgreSQL channels and comes back when it is lost.
// Notifications sent while it was down are missed, so `onResync` runs after every (re)connection:
// whoever listens catches up from the tables then (docs/graphql.md#live-updates-subscriptions).
import pg from 'pg';
import type { Logger } from '../logger.ts';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 5_000;

export interface PgListenerOptions {
  databaseUrl: string;
  logger: Logger;
  /** Channel names: plain identifiers, they are written into LISTEN as they are. */
  channels: readonly string[];
  /** Shown in pg_stat_activity. */
  applicationName: string;
  onNotification: (channel: string, payload: string | undefined) => void;
  /** After each (re)connection, and when the connection is lost: messages may have been missed. */
  onResync: () => void;
  /** What a lost connection means for the listener's users, for the warning. */
  lostMessage: string;
}

export class PgListener {
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RECONNECT_MIN_MS;
  private stopped = false;
  private readonly options: PgListenerOptions;

  constructor(options: PgListenerOptions) {
    this.options = options;
    for (const channel of options.channels)
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  }

  /** Listens; the first connection must succeed (the database was just migrated). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const { channels } = this.options;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: this.options.applicationName,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (channels.includes(message.channel))
        this.options.onNotification(message.channel, message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) return void (await client.end().catch(() => {}));
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    this.options.onResync();
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    this.options.logger.warn({ err: error }, this.options.lostMessage);
    this.options.onResync();
    this.reconnectLater();
  }

  private reconnectLater() {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.connect().catch(() => {
        this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
        this.reconnectLater();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
