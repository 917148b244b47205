// Once per run: a PostgreSQL server (embedded, unless DATABASE_URL names one), and a template
// database migrated and with pg-boss installed. Each test file copies the template
// (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrate } from '../../src/db/migrate.ts';
import { BOSS_SCHEMA } from '../../src/jobs/boss.ts';
import { freePort } from '../helpers/ports.ts';

export const TEMPLATE_DATABASE = 'trips_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-test-'));
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE);
  await migrate(templateUrl);
  const boss = new PgBoss({
    connectionString: templateUrl,
    schema: BOSS_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false });

  project.provide('serverUrl', serverUrl);
  return async () => {
    await embedded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
