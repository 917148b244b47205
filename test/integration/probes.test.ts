// GET /livez and GET /readyz through a process's life: 503 "starting" from the moment the port
// opens until everything has started (a fresh embedded PostgreSQL takes seconds), 200 once
// started, 503 "unavailable" while PostgreSQL is down and 200 again when it is back, 503
// "draining" at shutdown while the listener still serves. /livez answers 200 throughout.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { freePort } from '../helpers/ports.ts';
import { spawnService, type ServiceProcess } from '../helpers/processes.ts';
import { startTestService, TEST_ENV, type TestService } from '../helpers/service.ts';

const dirs: string[] = [];
let running: ServiceProcess | undefined;
let database: EmbeddedDatabase | undefined;
let api: TestService | undefined;

afterAll(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  await api?.stop().catch(() => {});
  await database?.stop();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-probes-'));
  dirs.push(dir);
  return dir;
};

async function get(url: string): Promise<{ status: number; body: any } | undefined> {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.json() };
  } catch {
    return undefined; // not listening
  }
}

describe('probes', () => {
  it('a process: starting, then ready, then draining at shutdown', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = spawnService({
      ...TEST_ENV,
      DATABASE_URL: '',
      DATA_DIR: await tempDir(),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(port),
      AI_PORT: String(await freePort()),
      SHUTDOWN_DRAIN_DELAY_MS: '3000',
      LOG_LEVEL: 'info',
    });
    // The port opens before the embedded PostgreSQL is initialised.
    await expect
      .poll(async () => (await get(`${base}/livez`))?.status, { timeout: 30_000, interval: 50 })
      .toBe(200);
    expect(await get(`${base}/readyz`)).toEqual({ status: 503, body: { status: 'starting' } });
    expect(await get(`${base}/trips`)).toEqual({
      status: 503,
      body: { error: { code: 'service_unavailable', message: 'The service is starting.' } },
    });

    await expect
      .poll(async () => (await get(`${base}/readyz`))?.status, { timeout: 90_000, interval: 100 })
      .toBe(200);
    expect(await get(`${base}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
    expect((await get(`${base}/status`))?.body).toEqual({
      status: 'ok',
      version: '1.0.0',
      checks: { database: 'ok', queue: 'ok' },
    });

    running.child.kill('SIGTERM');
    await expect
      .poll(async () => (await get(`${base}/readyz`))?.body, { timeout: 10_000, interval: 50 })
      .toEqual({ status: 'draining' });
    // Still serving while it drains.
    expect((await get(`${base}/livez`))?.status).toBe(200);
    expect((await get(`${base}/status`))?.status).toBe(200);
    expect(await running.exited).toBe(0);
    expect(await get(`${base}/livez`)).toBeUndefined();
  }, 150_000);

  it('not ready while PostgreSQL is unreachable, ready again when it is back', async () => {
    const dataDir = await tempDir();
    const pgPort = await freePort();
    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    api = await startTestService({ DATABASE_URL: database.url });
    const probe = (name: string) => get(`${api!.url}/${name}`);
    expect(await probe('readyz')).toEqual({ status: 200, body: { status: 'ready' } });

    await database.stop();
    await expect
      .poll(async () => (await probe('readyz'))?.status, { timeout: 30_000, interval: 200 })
      .toBe(503);
    expect(await probe('readyz')).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'PostgreSQL does not answer.' },
    });
    expect(await probe('livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('status')).toEqual({
      status: 503,
      body: { status: 'degraded', version: '1.0.0', checks: { database: 'error', queue: 'error' } },
    });

    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    await expect
      .poll(async () => (await probe('readyz'))?.status, { timeout: 30_000, interval: 250 })
      .toBe(200);
  }, 150_000);
});
