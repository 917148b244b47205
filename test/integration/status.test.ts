import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { StatusService } from '../../src/status/status.service.ts';

describe('GET /status', () => {
  let api: TestService;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('answers 200 with the version and every check, without a key', async () => {
    const res = await api.request('GET /status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      version: '1.0.0',
      checks: { database: 'ok', queue: 'ok' },
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers requests that arrive while a check runs from that check', async () => {
    const probes: string[] = [];
    const watched = await startTestApp(
      {},
      { onDatabaseQuery: (q) => q.sql === 'SELECT 1' && probes.push(q.sql) },
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => watched.request('GET /status')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(answers.every((a) => a.body.status === 'ok')).toBe(true);
      expect(probes.length).toBeGreaterThan(0);
      expect(probes.length).toBeLessThan(5);
    } finally {
      await watched.stop();
    }
  });

  it('gives an answer under a tenth of a second old again, one under a second old while it checks again, and waits for a check after', async () => {
    // The service's StatusService on its database and queue, on a monotonic clock this test
    // moves, its database probe counted on the way to the real client.
    let probes = 0;
    const database = {
      $queryRaw: (...args: Parameters<typeof api.prisma.$queryRaw>) => {
        probes++;
        return api.prisma.$queryRaw(...args);
      },
    } as unknown as typeof api.prisma;
    let now = 1_000;
    const status = new StatusService(database, api.running.services.boss, () => now);
    const ask = async () => {
      expect(await status.report()).toMatchObject({ status: 'ok' });
      return probes;
    };
    expect(await ask()).toBe(1);
    now += 99;
    expect(await ask()).toBe(1);
    // From 100 ms, the last answer comes at once while a new check runs behind it.
    now += 1;
    const answer = status.report();
    expect(probes).toBe(2);
    await expect(answer).resolves.toMatchObject({ status: 'ok' });
    await (status as unknown as { inFlight?: Promise<unknown> }).inFlight; // the check behind it
    expect(await ask()).toBe(2);
    // An answer a second old is not given again: the caller waits for a new check.
    now += 1_000;
    expect(await ask()).toBe(3);
  });

  it('is also a GraphQL query of the same schema', async () => {
    const res = await api.graphql('{ status { status version checks { database queue } } }');
    expect(res.body.data).toEqual({
      status: { status: 'ok', version: '1.0.0', checks: { database: 'ok', queue: 'ok' } },
    });
  });
});

describe('GET /status with PostgreSQL stopped', () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let port: number;
  let api: TestService;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-down-'));
    port = await freePort();
    database = await startEmbeddedPostgres({ dataDir, port });
    api = await startTestApp({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await api?.stop().catch(() => {});
    await database?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 "degraded" naming the failing checks, 503 service_unavailable elsewhere, and recovers', async () => {
    const { owner } = await anAccount(api.prisma);
    await api.prisma.$disconnect();
    await database.stop();

    const down = await api.request('GET /status');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'degraded',
      version: '1.0.0',
      checks: { database: 'error', queue: 'error' },
    });

    // A key lookup needs the database: the answer is a 503 in the documented body, not a 500.
    const authenticated = await api.request('GET /api-keys', { key: owner.key.replace(/.$/, 'x') });
    expect(authenticated.status).toBe(503);
    expect(authenticated.body).toEqual({
      error: { code: 'service_unavailable', message: expect.any(String) },
    });

    database = await startEmbeddedPostgres({ dataDir, port });
    await expect
      .poll(async () => (await api.request('GET /status')).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
  });
});
