import type { Plan, Role } from '../generated/prisma/enums.ts';
import { roleAllows, type Permission } from './permissions.ts';

const ROLES: readonly Role[] = ['owner', 'admin', 'agent', 'viewer'];

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

/** Whom a budget counts against: the key or machine client, or the IP without credentials. */
export function callerSubject(actor: Actor | null, ip: string): { key: string } | { ip: string } {
  if (actor)
    return { key: actor.apiKeyId !== undefined ? `ak:${actor.apiKeyId}` : `mc:${actor.clientId}` };
  return { ip };
}

export function actorCan(actor: Actor | null, permission: Permission): boolean {
  if (!actor || !roleAllows(actor.role, permission)) return false;
  return actor.scopes === undefined || actor.scopes.has(permission);
}

/** The 403's message: which scope a machine token lacks, or which roles have the permission. */
export function missingPermissionMessage(actor: Actor, permission: Permission): string {
  if (!roleAllows(actor.role, permission)) {
    const roles = ROLES.filter((role) => roleAllows(role, permission));
    const list =
      roles.length > 1 ? `${roles.slice(0, -1).join(', ')} and ${roles.at(-1)}` : roles.join('');
    return `This needs the permission ${permission}, which the ${actor.role} role does not have (${list} do).`;
  }
  return `This token lacks the scope ${permission}: request a token with scope=${permission} from POST /oauth/token (the client must be granted it).`;
}
