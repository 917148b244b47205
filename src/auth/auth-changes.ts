// Cross-process invalidation of the authentication caches. Revoking a key, changing a role or a
// membership, or changing a machine client or its grant notifies the channel auth_changes (by
// triggers, in the writing transaction: see the auth_change_notify migration), and every process
// that authenticates listens on a connection of its own and forgets what it cached. The caches'
// short TTL stays as a safety net: while the connection is down and re-established, notifications
// may be missed, so the caches are cleared then too.
import pg from 'pg';
import type { Logger } from '../logger.ts';

export const AUTH_CHANGES_CHANNEL = 'auth_changes';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 5_000;

/** What changed: a table name from the trigger, or `connection` when notifications may have been missed. */
export type AuthChange = string;

export class AuthChangeListener {
  private readonly databaseUrl: string;
  private readonly logger: Logger;
  private readonly onChange: (change: AuthChange) => void;
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RECONNECT_MIN_MS;
  private stopped = false;

  constructor(options: { databaseUrl: string; logger: Logger; onChange: (change: AuthChange) => void }) {
    this.databaseUrl = options.databaseUrl;
    this.logger = options.logger;
    this.onChange = options.onChange;
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
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'trips-auth-changes', keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === AUTH_CHANGES_CHANNEL) this.onChange(message.payload ?? 'unknown');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANGES_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) return void (await client.end().catch(() => {}));
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    // Whatever changed while nobody listened here was missed: forget everything.
    this.onChange('connection');
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    this.logger.warn({ err: error }, 'auth change notifications interrupted: caches fall back to their TTL until reconnected');
    this.onChange('connection');
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
