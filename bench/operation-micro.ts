// node bench/operation-micro.ts [graphql|prisma|unique|pg]   (C=8 clients by default)
// Where the CPU of a by-id read goes below HTTP: the same read run in this process as the REST
// route runs it (the prepared GraphQL operation), as a bare Prisma findFirst, as a Prisma
// findUnique (which Prisma batches when several land in one tick), and as the baseline's named
// pg statement. CPU µs per read (process.cpuUsage), median of 5 rounds, on stderr. Compare the
// lines with each other: the differences are the layers' costs.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import type { Context } from '../src/graphql/context.ts';
import { DOMAINS } from '../src/domains.ts';
import { buildSchema } from '../src/graphql/schema.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPrisma } from '../src/db/prisma.ts';
import { createLogger } from '../src/logger.ts';
import { prepareOperation } from '../src/rest/execute.ts';
import { TRIP_FIELDS } from '../src/trips/trip.rest.ts';
import { startService } from '../src/service.ts';
import { freePort } from '../test/helpers/ports.ts';
import { seed } from './seed.ts';

const schema = await buildSchema(DOMAINS);

const clients = Number(process.env.C ?? 8);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-op-'));
const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
try {
  await migrate(database.url);
  const seedPrisma = createPrisma({ databaseUrl: database.url, poolSize: 2 });
  const account = await seed(seedPrisma, database.url, 5000);
  await seedPrisma.$disconnect();
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuv',
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    SERVICE_ROLES: 'api',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    METRICS_PORT: '0',
  });
  const service = await startService(config, createLogger('warn'));
  const prisma = createPrisma({ databaseUrl: database.url, poolSize: 10 });
  const db = new pg.Pool({ connectionString: database.url, max: 10 });
  const ids = (
    await db.query<{ id: number }>(
      'SELECT id FROM trips WHERE account_id = $1 AND deleted_at IS NULL',
      [account.accountId],
    )
  ).rows.map((r) => r.id);
  const actor = await service.services.authenticator.authenticate({
    authorization: `Bearer ${account.key}`,
    onBehalfOf: [],
  });
  const GET = prepareOperation(
    schema,
    `query Trip($id: Int!) { trip(id: $id) { ${TRIP_FIELDS} } }`,
  );
  const context: Context = {
    prisma,
    actor,
    requestId: 'micro',
    clientIp: '127.0.0.1',
    userAgent: null,
    logger: createLogger('warn'),
    services: service.services,
  };
  const id = () => ids[Math.floor(Math.random() * ids.length)]!;
  const where = () => ({ id: id(), accountId: account.accountId, deletedAt: null });
  const reads: Record<string, () => Promise<unknown>> = {
    graphql: async () => GET.compiled.query(undefined, context, { id: id() }),
    prisma: () => prisma.trip.findFirst({ where: where() }),
    unique: () => prisma.trip.findUnique({ where: where() }),
    pg: () =>
      db.query({
        name: 'trip',
        text: 'SELECT * FROM trips WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
        values: [id(), account.accountId],
      }),
  };
  const chosen = Object.entries(reads).filter(
    ([name]) => !process.argv[2] || name === process.argv[2],
  );
  const run = async (read: () => Promise<unknown>, total: number) => {
    let started = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (started++ < total) await read();
      }),
    );
  };
  for (const [, read] of chosen) await run(read, 2000);
  const results = new Map<string, number[]>();
  for (let round = 0; round < 5; round++) {
    for (const [name, read] of chosen) {
      const before = process.cpuUsage();
      await run(read, 3000);
      const used = process.cpuUsage(before);
      results.set(name, [...(results.get(name) ?? []), (used.user + used.system) / 3000]);
    }
  }
  for (const [name, values] of results)
    process.stderr.write(
      `${name}: ${values.sort((a, b) => a - b)[2]!.toFixed(1)} µs CPU a read (${clients} clients)\n`,
    );
  await prisma.$disconnect();
  await db.end();
  await service.stop();
} finally {
  await database.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
