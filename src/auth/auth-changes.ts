// Cross-process invalidation of the authentication caches. Revoking a key, changing a role or a
// membership, or changing a machine client or its grant notifies the channel auth_changes (by
// triggers, in the writing transaction: see the auth_change_targets migration), and every process
// that authenticates listens on a connection of its own and forgets the cached credentials the
// change concerns. The caches' short TTL stays as a safety net: while the connection is down and
// re-established, notifications may be missed, so the caches are cleared then too.
import { PgListener } from '../db/pg-listener.ts';
import type { Logger } from '../logger.ts';

export const AUTH_CHANGES_CHANNEL = 'auth_changes';

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

/** Listens on auth_changes and hands each change to `onChange` (everything, after a gap). */
export function listenToAuthChanges(options: {
  databaseUrl: string;
  logger: Logger;
  onChange: (change: AuthChange) => void;
}): PgListener {
  return new PgListener({
    databaseUrl: options.databaseUrl,
    logger: options.logger,
    channels: [AUTH_CHANGES_CHANNEL],
    applicationName: 'trips-auth-changes',
    onNotification: (_channel, payload) => options.onChange(parseAuthChange(payload)),
    // Whatever changed while nobody listened here was missed: forget everything.
    onResync: () => options.onChange({ all: true }),
    lostMessage:
      'auth change notifications interrupted: caches fall back to their TTL until reconnected',
  });
}
