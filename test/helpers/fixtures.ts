// Composable fixtures, built with the same functions as the admin command line.
import {
  createAccount,
  createAgent,
  createKey,
  createM2MClient,
  createOrganisation,
} from '../../src/accounts/admin.service.ts';
import type { PrismaClient } from '../../src/db/prisma.ts';
import type { Plan, Role } from '../../src/generated/prisma/enums.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface AccountFixture {
  accountId: number;
  organisationId: number | null;
  owner: { agentId: number; key: string; email: string };
}

export async function anOrganisation(prisma: PrismaClient, name = `Org ${unique()}`) {
  return (await createOrganisation(prisma, { name })).organisationId;
}

export async function anAccount(
  prisma: PrismaClient,
  options: { plan?: Plan; organisationId?: number; name?: string } = {},
): Promise<AccountFixture> {
  const email = `owner-${unique()}@agency.test`;
  const created = await createAccount(prisma, {
    name: options.name ?? `Agency ${unique()}`,
    plan: options.plan ?? 'enterprise',
    organisationId: options.organisationId,
    ownerEmail: email,
  });
  return {
    accountId: created.accountId,
    organisationId: created.organisationId,
    owner: { agentId: created.agentId, key: created.apiKey, email },
  };
}

export async function aMember(
  prisma: PrismaClient,
  accountId: number,
  role: Role,
  email = `${role}-${unique()}@agency.test`,
) {
  const { agentId } = await createAgent(prisma, { accountId, email, role });
  const { apiKey, prefix } = await createKey(prisma, { agentId, accountId });
  return { agentId, email, key: apiKey, prefix };
}

export async function aMachineClient(
  prisma: PrismaClient,
  grant: { accountId?: number; organisationId?: number },
  scopes?: string[],
  clientId?: string,
) {
  return createM2MClient(prisma, { ...grant, scopes, clientId });
}
