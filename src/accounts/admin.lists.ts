// The admin command line's list commands, as plain functions over Prisma. Never a key's hash or
// a secret: a key is shown by its prefix.
import type { PrismaClient } from '../db/prisma.ts';
import { NotFoundError } from '../errors.ts';
import type { Plan } from '../generated/prisma/enums.ts';

export async function listAccounts(
  prisma: PrismaClient,
  filter: { organisationId?: number; plan?: Plan; limit: number },
) {
  if (
    filter.organisationId !== undefined &&
    !(await prisma.organisation.findUnique({
      where: { id: filter.organisationId },
      select: { id: true },
    }))
  ) {
    throw new NotFoundError(`Organisation ${filter.organisationId} does not exist.`);
  }
  const accounts = await prisma.account.findMany({
    where: { organisationId: filter.organisationId, plan: filter.plan },
    select: {
      id: true,
      name: true,
      plan: true,
      organisationId: true,
      createdAt: true,
      _count: { select: { memberships: true } },
    },
    orderBy: { id: 'asc' },
    take: filter.limit,
  });
  return {
    data: accounts.map(({ _count, ...account }) => ({ ...account, members: _count.memberships })),
  };
}

export async function listAgents(
  prisma: PrismaClient,
  filter: { accountId?: number; email?: string; limit: number },
) {
  if (filter.accountId !== undefined) await accountMustExist(prisma, filter.accountId);
  const agents = await prisma.agent.findMany({
    where: {
      ...(filter.accountId !== undefined
        ? { memberships: { some: { accountId: filter.accountId } } }
        : {}),
      ...(filter.email !== undefined ? { email: filter.email.toLowerCase() } : {}),
    },
    select: {
      id: true,
      email: true,
      name: true,
      createdAt: true,
      memberships: { select: { accountId: true, role: true }, orderBy: { accountId: 'asc' } },
    },
    orderBy: { id: 'asc' },
    take: filter.limit,
  });
  if (filter.email !== undefined && agents.length === 0)
    throw new NotFoundError(`No agent has the email ${filter.email}.`);
  return { data: agents };
}

export async function listKeys(
  prisma: PrismaClient,
  filter: { accountId?: number; agentId?: number; revoked: boolean; limit: number },
) {
  if (filter.accountId !== undefined) await accountMustExist(prisma, filter.accountId);
  if (
    filter.agentId !== undefined &&
    !(await prisma.agent.findUnique({ where: { id: filter.agentId }, select: { id: true } }))
  ) {
    throw new NotFoundError(`Agent ${filter.agentId} does not exist.`);
  }
  const keys = await prisma.apiKey.findMany({
    where: {
      accountId: filter.accountId,
      agentId: filter.agentId,
      ...(filter.revoked ? {} : { revokedAt: null }),
    },
    select: {
      id: true,
      prefix: true,
      name: true,
      agentId: true,
      accountId: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
    },
    orderBy: { id: 'asc' },
    take: filter.limit,
  });
  return { data: keys };
}

async function accountMustExist(prisma: PrismaClient, accountId: number): Promise<void> {
  if (!(await prisma.account.findUnique({ where: { id: accountId }, select: { id: true } })))
    throw new NotFoundError(`Account ${accountId} does not exist.`);
}
