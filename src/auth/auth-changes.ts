// Cross-process invalidation of the authentication caches. Revoking a key, changing a role or a
// membership, or changing a machine client or its grant notifies the channel auth_changes (by
// triggers, in the writing transaction: see the auth_change_targets migration), and every process
// that authenticates listens on a connection of its own and forgets the cached credentials the
// change concerns. The caches' short TTL stays as a safety net: while the connection is down and
// re-established, notifications may be missed, so the caches are cleared then too.
import pg from 'pg';
import type { Logger } from '../logger.ts';

export const AUTH_CHANGES_CHANNEL = 'auth_changes';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 5_000;

/**
 * What changed, from the triggers' message (see the auth_change_targets migration), or `all` when
 * anything may have: a table truncated, a message this version does not understand, or the
 * listening connection lost (messages in between were missed).
 */
export type AuthChange =
  | { apiKeyId: number }
  | { agentId: number; accountId: number }
  | { accountId: number }
  | { clientId: string }
  | { all: true };

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

export function parseAuthChange(payload: string | undefined): AuthChange {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(payload ?? '') as Record<string, unknown>;
  } catch {
    return { all: true };
  }
  if (typeof message !== 'object' || message === null) return { all: true };
  const { apiKeyId, agentId, accountId, clientId } = message;
  if (isId(apiKeyId)) return { apiKeyId };
  if (isId(agentId) && isId(accountId)) return { agentId, accountId };
  if (isId(accountId) && agentId === undefined) return { accountId };
  if (typeof clientId === 'string' && clientId) return { clientId };
  return { all: true };
}

export class AuthChangeListener {
  private readonly databaseUrl: string;
  private readonly logger: Logger;
  private readonly onChange: (change: AuthChange) => void;
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RECONNECT_MIN_MS;
  private stopped = false;

  constructor(options: {
    databaseUrl: string;
    logger: Logger;
    onChange: (change: AuthChange) => void;
  }) {
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
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'trips-auth-changes',
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel === AUTH_CHANGES_CHANNEL) this.onChange(parseAuthChange(message.payload));
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
    this.onChange({ all: true });
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    this.logger.warn(
      { err: error },
      'auth change notifications interrupted: caches fall back to their TTL until reconnected',
    );
    this.onChange({ all: true });
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
