import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { PrismaClient };
export type { Prisma } from '../generated/prisma/client.ts';

export function createPrisma(options: { databaseUrl: string; poolSize: number }): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    // Fail fast when PostgreSQL is down, so /status can answer 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}
