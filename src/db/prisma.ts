import { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseQuery } from '../config/config.ts';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { PrismaClient };
export type { Prisma, Trip, Catalog } from '../generated/prisma/client.ts';

export function createPrisma(options: { databaseUrl: string; poolSize: number; onQuery?: ((query: DatabaseQuery) => void) | undefined }): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    // Fail fast when PostgreSQL is down, so /status can answer 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  if (!options.onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', (event) => options.onQuery!({ sql: event.query, params: event.params }));
  return client;
}
