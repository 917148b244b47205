// Start-up waits for PostgreSQL: a database that restarts with the service, or comes up after it
// (a container started alongside), is retried with backoff for DATABASE_STARTUP_TIMEOUT_MS
// instead of failing the start at the first refused connection. Errors that waiting cannot cure
// (a wrong password, a missing database) end the start at once.
import pg from 'pg';
import type { Logger } from '../logger.ts';

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5_000;
/** SQLSTATEs of a server that will answer later: starting up, shutting down, out of connections. */
const TRANSIENT_STATES = new Set(['57P03', '57P01', '53300', '08001', '08006']);

export async function waitForDatabase(
  databaseUrl: string,
  options: { timeoutMs: number; logger?: Logger },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    // A server that drops the connection later must not crash the process from this client.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      if (attempt > 1) options.logger?.info({ attempt }, 'PostgreSQL answers');
      return;
    } catch (error) {
      if (!transient(error) || Date.now() + delay > deadline) throw error;
      options.logger?.warn(
        { attempt, retryInMs: delay, reason: (error as Error).message },
        'PostgreSQL does not answer yet; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** A network failure, or a server state that passes. */
function transient(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return !sqlState || TRANSIENT_STATES.has(code);
}
