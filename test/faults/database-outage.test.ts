// Issue 8, fault (b): PostgreSQL stopped and started again while clients keep sending requests.
// While it is down, /status answers 503 "degraded", every other request a 503
// service_unavailable (a traveller page: its HTML error page), promptly (no hang, never a 500); once it is back the service recovers by
// itself, and every trip whose creation was acknowledged is there.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { LoadGenerator } from './load-generator.ts';

let dataDir: string;
let port: number;
let database: EmbeddedDatabase;
let api: TestService;
let key: string;
let tripId: number;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-outage-'));
  port = await freePort();
  database = await startEmbeddedPostgres({ dataDir, port });
  api = await startTestService({
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  ({
    owner: { key },
  } = await anAccount(api.prisma));
  const created = await api.request('POST /trips', { key, body: { title: 'Survives the outage' } });
  tripId = created.body.id;
  // The test's own client must not hold connections that PostgreSQL's shutdown breaks.
  await api.prisma.$disconnect();
});
afterAll(async () => {
  await api?.stop().catch(() => {});
  await database?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const unavailable = { error: { code: 'service_unavailable', message: expect.any(String) } };

describe('PostgreSQL stopped and started under load', () => {
  it('answers 503 while it is down, never hangs or fails with a 500, and recovers by itself', async () => {
    const load = new LoadGenerator(api.url, key, tripId);
    load.start(6);
    await load.waitForCompleted(60);

    // Down.
    const stoppedAt = load.outcomes.length;
    await database.stop();
    await expect
      .poll(async () => (await api.request('GET /status')).status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(503);
    const downFrom = load.outcomes.length;
    await load.waitForCompleted(downFrom + 60);
    const down = load.outcomes.slice(downFrom);
    // A traveller following a trip's link gets a page saying to try again, not the API's JSON.
    const page = await fetch(`${api.url}/t/survives-the-outage`, {
      headers: { 'accept-language': 'fr' },
    });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Veuillez réessayer dans un instant');
    const status = await api.request('GET /status');
    expect(status.body).toEqual({
      status: 'degraded',
      version: '1.0.0',
      checks: { database: 'error', queue: 'error' },
    });

    // Up again: no restart of the service, no help.
    database = await startEmbeddedPostgres({ dataDir, port });
    await expect
      .poll(async () => (await api.request('GET /status')).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    // Connections the pool held across the restart may fail once each; after that every answer is a success.
    await load.waitForConsecutiveSuccesses(100);
    await load.stop();

    const all = load.outcomes;
    expect(
      all.filter((o) => o.status >= 500 && o.status !== 503),
      'no 5xx other than 503',
    ).toEqual([]);
    expect(
      all.filter((o) => o.status === 0),
      'no request failed at the socket or hung',
    ).toEqual([]);
    for (const outcome of all.filter((o) => o.status === 503))
      expect(outcome.body, outcome.route).toEqual(
        outcome.route === 'GET /status'
          ? expect.objectContaining({ status: 'degraded' })
          : unavailable,
      );
    // While it was down (after /status had seen it), everything that needs the database was a 503.
    expect(
      down.filter((o) => o.status !== 503),
      'answers while PostgreSQL was down',
    ).toEqual([]);
    expect(load.outcomes.slice(0, stoppedAt).every((o) => o.status < 300)).toBe(true);

    // Every acknowledged creation survived.
    const acknowledged = all
      .filter((o) => o.route === 'POST /trips' && o.status === 201)
      .map((o) => o.body.id as number);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const id of acknowledged)
      expect((await api.request(`GET /trips/${id}`, { key })).status).toBe(200);
  });
});
