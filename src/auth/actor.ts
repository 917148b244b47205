import type { Plan, Role } from '../generated/prisma/enums.ts';
import { roleAllows, type Permission } from './permissions.ts';

/** Who is calling: an agent in one account, through an API key or a machine client. */
export interface Actor {
  agentId: number;
  accountId: number;
  /** The account's organisation: its accounts share catalogs marked `sharedWithOrganisation`. */
  organisationId: number | null;
  /** The account's plan: webhooks need enterprise. */
  plan: Plan;
  role: Role;
  via: 'apiKey' | 'machine';
  apiKeyId?: number;
  clientId?: string;
  /** Scopes of the machine token; undefined for API keys (the role alone decides). */
  scopes?: ReadonlySet<string>;
}

export function actorCan(actor: Actor | null, permission: Permission): boolean {
  if (!actor || !roleAllows(actor.role, permission)) return false;
  return actor.scopes === undefined || actor.scopes.has(permission);
}
