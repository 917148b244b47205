// The `x-on-behalf-of` header of machine clients (docs/authentication.md#machine-clients, rules 1 to 5; the
// value is `<agent email>` or `<agent email>,<accountId>`). Every failure to resolve it answers the
// same 403, so a client learns nothing about agents or accounts outside its grant.
import type { PrismaClient } from '../db/prisma.ts';
import type { Plan, Role } from '../generated/prisma/enums.ts';
import { BadRequestError, ForbiddenError } from '../errors.ts';
import type { MachineGrant } from './machine-clients.ts';

export const ON_BEHALF_OF_HEADER = 'x-on-behalf-of';

export interface OnBehalfOf {
  email: string;
  accountId: number | undefined;
}

const unresolved = () =>
  new ForbiddenError('The x-on-behalf-of header does not name an agent this client may act for.');

/**
 * Parses the header's values as received (one per header line). Rule 5: more than one header is a
 * 400; a single value holding two emails is how proxies and fetch() merge duplicates, so it is too.
 */
export function parseOnBehalfOf(values: readonly string[]): OnBehalfOf | undefined {
  if (values.length === 0) return undefined;
  if (values.length > 1 || (values[0]!.match(/@/g)?.length ?? 0) > 1) {
    throw new BadRequestError('duplicate_header', 'The x-on-behalf-of header must be sent once.');
  }
  const [emailPart, accountPart, ...rest] = values[0]!.split(',').map((p) => p.trim());
  if (
    !emailPart ||
    rest.length > 0 ||
    (accountPart !== undefined && !/^\d{1,9}$/.test(accountPart))
  )
    throw unresolved();
  return {
    email: emailPart.toLowerCase(),
    accountId: accountPart === undefined ? undefined : Number(accountPart),
  };
}

/** Rules 3 and 4: the agent's current account when none is named; the account within the grant. */
export async function resolveOnBehalfOf(
  prisma: PrismaClient,
  grant: MachineGrant,
  target: OnBehalfOf,
): Promise<{
  agentId: number;
  accountId: number;
  organisationId: number | null;
  plan: Plan;
  role: Role;
}> {
  const rows = await prisma.$queryRaw<
    Array<{
      agent_id: number;
      account_id: number;
      role: Role;
      organisation_id: number | null;
      plan: Plan;
    }>
  >`
    SELECT a.id AS agent_id, m.account_id, m.role::text AS role, acc.organisation_id, acc.plan::text AS plan
    FROM agents a
    JOIN memberships m ON m.agent_id = a.id
    JOIN accounts acc ON acc.id = m.account_id
    WHERE a.email = ${target.email}
      AND m.account_id = COALESCE(${target.accountId ?? null}::int, a.current_account_id)`;
  const row = rows[0];
  const inGrant =
    row !== undefined &&
    (grant.accountIds.has(row.account_id) ||
      (row.organisation_id !== null && grant.organisationIds.has(row.organisation_id)));
  if (!row || !inGrant) throw unresolved();
  return {
    agentId: row.agent_id,
    accountId: row.account_id,
    organisationId: row.organisation_id,
    plan: row.plan,
    role: row.role,
  };
}
