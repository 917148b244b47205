import { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseQuery } from '../config/config.ts';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { PrismaClient };
export type { Prisma, Trip, Catalog, WebhookEndpoint } from '../generated/prisma/client.ts';

export function createPrisma(options: { databaseUrl: string; poolSize: number; onQuery?: ((query: DatabaseQuery) => void) | undefined }): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: options.databaseUrl,
    max: options.poolSize,
    // Fail fast when PostgreSQL is down, so /status can answer 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // A transaction may wait for a connection while the pool is busy (bursts of bulk writes).
  const transactionOptions = { maxWait: 10_000, timeout: 30_000 };
  if (!options.onQuery) return new PrismaClient({ adapter, transactionOptions });
  const client = new PrismaClient({ adapter, transactionOptions, log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', (event) => options.onQuery!({ sql: event.query, params: event.params }));
  return client;
}
