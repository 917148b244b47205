// Start-up with an external PostgreSQL that does not answer yet (DATABASE_URL set): the process
// retries with backoff for DATABASE_STARTUP_TIMEOUT_MS, so a database that comes up after the
// service is waited for; past the time-out, or at once for a wrong password, it exits with code 1.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { freePort } from '../helpers/ports.ts';
import { spawnService, type ServiceProcess } from '../helpers/processes.ts';
import { TEST_ENV } from '../helpers/service.ts';

const dirs: string[] = [];
const children: ServiceProcess[] = [];
let database: EmbeddedDatabase | undefined;

afterAll(async () => {
  for (const child of children) {
    if (child.child.exitCode === null && child.child.signalCode === null)
      child.child.kill('SIGKILL');
    await child.exited;
  }
  await database?.stop();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function start(databaseUrl: string, env: Record<string, string> = {}) {
  const child = spawnService({
    ...TEST_ENV,
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    PORT: String(await freePort()),
    AI_PORT: String(await freePort()),
    ...env,
  });
  children.push(child);
  return child;
}

describe('start-up waits for PostgreSQL', () => {
  it('a database that comes up after the service is waited for', async () => {
    const pgPort = await freePort();
    const url = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/trips`;
    const service = await start(url);
    await service.waitFor(/PostgreSQL does not answer yet; retrying/, 30_000);
    await service.waitFor(/"attempt":2/, 30_000); // it keeps trying, with backoff
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-startup-'));
    dirs.push(dataDir);
    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    expect(database.url).toBe(url);
    await service.waitFor(/API listening/, 60_000);
    expect(service.output()).toMatch(/PostgreSQL answers/);
  }, 120_000);

  it('gives up after DATABASE_STARTUP_TIMEOUT_MS and exits with code 1', async () => {
    const url = `postgresql://postgres:postgres@127.0.0.1:${await freePort()}/trips`;
    const service = await start(url, { DATABASE_STARTUP_TIMEOUT_MS: '1500' });
    expect(await service.exited).toBe(1);
    expect(service.output()).toMatch(/PostgreSQL does not answer yet; retrying/);
    expect(service.output()).toMatch(/ECONNREFUSED/);
  }, 60_000);

  it('does not retry what waiting cannot cure: a wrong password exits at once', async () => {
    expect(database).toBeDefined(); // from the first test
    const wrong = database!.url.replace('postgres:postgres@', 'postgres:wrong@');
    const service = await start(wrong);
    expect(await service.exited).toBe(1);
    expect(service.output()).not.toMatch(/retrying/);
    expect(service.output()).toMatch(/password authentication failed/);
  }, 60_000);
});
