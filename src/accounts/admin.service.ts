// What a user interface would put in "account settings"
// (docs/decisions.md#accounts-roles-and-keys), as plain functions over Prisma: used by the admin
// command line, by the API's key management and by the tests' fixtures.
import { createApiKey } from '../auth/api-keys.ts';
import { createMachineClient } from '../auth/machine-clients.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Plan, Role } from '../generated/prisma/enums.ts';
import { NotFoundError, ValidationError } from '../errors.ts';

/** A member's new key: it lives with the keys (auth/api-keys.ts), which the API's key management uses too. */
export { createKey } from '../auth/api-keys.ts';

export async function createOrganisation(prisma: PrismaClient, input: { name: string }) {
  const organisation = await prisma.organisation.create({ data: { name: input.name } });
  return { organisationId: organisation.id };
}

/** An account with its owner agent (created, or an existing agent by email) and a first key. */
export async function createAccount(
  prisma: PrismaClient,
  input: {
    name: string;
    plan?: Plan;
    organisationId?: number;
    ownerEmail?: string;
    ownerName?: string;
  },
) {
  return prisma.$transaction(async (tx) => {
    await mustExist(tx as PrismaClient, { organisationId: input.organisationId });
    const account = await tx.account.create({
      data: {
        name: input.name,
        plan: input.plan ?? 'free',
        organisationId: input.organisationId ?? null,
      },
    });
    const email = (input.ownerEmail ?? `owner+${account.id}@accounts.invalid`).toLowerCase();
    const agent = await upsertMember(tx as PrismaClient, {
      accountId: account.id,
      email,
      name: input.ownerName ?? `${input.name} owner`,
      role: 'owner',
    });
    const key = await createApiKey(tx, {
      agentId: agent.id,
      accountId: account.id,
      name: 'First key',
    });
    return {
      organisationId: account.organisationId,
      accountId: account.id,
      agentId: agent.id,
      apiKey: key.key,
      prefix: key.prefix,
    };
  });
}

/** Adds an agent to an account (creating the agent when the email is new). */
export async function createAgent(
  prisma: PrismaClient,
  input: { accountId: number; email: string; name?: string; role?: Role; pictureUrl?: string },
) {
  await mustExist(prisma, { accountId: input.accountId });
  const role = input.role ?? 'agent';
  const agent = await upsertMember(prisma, {
    ...input,
    email: input.email.toLowerCase(),
    name: input.name ?? input.email,
    role,
  });
  return { agentId: agent.id, accountId: input.accountId, role };
}

export async function revokeKeys(prisma: PrismaClient, input: { prefix: string }) {
  const { count } = await prisma.apiKey.updateMany({
    where: { prefix: input.prefix, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0)
    throw new NotFoundError(
      `No active API key has the prefix ${input.prefix} (npm run admin -- keys:list shows them).`,
    );
  return { prefix: input.prefix, revoked: count };
}

export async function createM2MClient(
  prisma: PrismaClient,
  input: {
    accountId?: number;
    organisationId?: number;
    scopes?: string[];
    name?: string;
    clientId?: string;
  },
) {
  if (input.clientId !== undefined && !/^[\w.@|:-]{3,200}$/.test(input.clientId)) {
    throw new ValidationError({
      clientId: ['Use 3 to 200 letters, digits and . @ | : - _ characters.'],
    });
  }
  if ((input.accountId === undefined) === (input.organisationId === undefined)) {
    throw new ValidationError({ grant: ['Give exactly one of an account or an organisation.'] });
  }
  await mustExist(prisma, input);
  const client = await createMachineClient(prisma, input);
  return {
    ...client,
    accountId: input.accountId ?? null,
    organisationId: input.organisationId ?? null,
  };
}

/** Each id given must name an existing row. */
async function mustExist(
  prisma: PrismaClient,
  ids: { accountId?: number; organisationId?: number },
): Promise<void> {
  if (
    ids.accountId !== undefined &&
    !(await prisma.account.findUnique({ where: { id: ids.accountId }, select: { id: true } }))
  ) {
    throw new NotFoundError(`Account ${ids.accountId} does not exist.`);
  }
  if (
    ids.organisationId !== undefined &&
    !(await prisma.organisation.findUnique({
      where: { id: ids.organisationId },
      select: { id: true },
    }))
  ) {
    throw new NotFoundError(`Organisation ${ids.organisationId} does not exist.`);
  }
}

async function upsertMember(
  prisma: PrismaClient,
  input: { accountId: number; email: string; name: string; role: Role; pictureUrl?: string },
) {
  const agent = await prisma.agent.upsert({
    where: { email: input.email },
    create: {
      email: input.email,
      name: input.name,
      pictureUrl: input.pictureUrl ?? null,
      currentAccountId: input.accountId,
    },
    update: {},
  });
  await prisma.membership.upsert({
    where: { agentId_accountId: { agentId: agent.id, accountId: input.accountId } },
    create: { agentId: agent.id, accountId: input.accountId, role: input.role },
    update: { role: input.role },
  });
  return agent;
}
