// First start on an empty database: a demo enterprise account with an owner agent, whose API key
// is printed once. An advisory lock keeps two processes starting together from both seeding.
import { createApiKey } from '../auth/api-keys.ts';
import type { PrismaClient } from '../db/prisma.ts';

const SEED_LOCK = 72_707_370;

export interface DemoSeed {
  accountId: number;
  agentEmail: string;
  apiKey: string;
}

export async function seedDemoAccount(prisma: PrismaClient): Promise<DemoSeed | undefined> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    if ((await tx.account.count()) > 0) return undefined;
    const account = await tx.account.create({ data: { name: 'Demo Travel', plan: 'enterprise' } });
    const agent = await tx.agent.create({
      data: {
        email: 'owner@demo.example',
        name: 'Demo Owner',
        currentAccountId: account.id,
        memberships: { create: { accountId: account.id, role: 'owner' } },
      },
    });
    const key = await createApiKey(tx, {
      agentId: agent.id,
      accountId: account.id,
      name: 'Demo key',
    });
    return { accountId: account.id, agentEmail: agent.email, apiKey: key.key };
  });
}

export function demoBanner(seed: DemoSeed, apiUrl: string): string {
  const query = JSON.stringify({
    query: '{ viewer { agent { email } account { name plan } role } }',
  });
  return [
    '',
    `Demo account created: "Demo Travel" (enterprise), owner ${seed.agentEmail}.`,
    `Its API key, shown this once: ${seed.apiKey}`,
    'Try it:',
    `  curl -s ${apiUrl}/graphql -H 'Authorization: Bearer ${seed.apiKey}' -H 'Content-Type: application/json' -d '${query}'`,
    '',
  ].join('\n');
}
