// Issue 8, fault (a): the service process is killed with SIGKILL while clients create trips and
// save configurations, then started again. Every write that was answered with a 2xx is there
// after the restart; a configuration holds the last acknowledged save or the one in flight, never
// an older one. (When webhooks exist, each acknowledged write must also have its event delivered.)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { defaultConfiguration } from '../../src/trips/configuration.defaults.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { spawnService, type ServiceProcess } from '../helpers/processes.ts';
import { TEST_ENV } from '../helpers/service.ts';

const CREATORS = 3;
const CONFIG_WRITERS = 3;
/** Acknowledged writes before the kill: enough that it lands in the middle of the load. */
const WRITES_BEFORE_KILL = 60;
const MAX_ATTEMPTS_PER_CLIENT = 2_000;

let databaseUrl: string;
let dataDir: string;
let prisma: PrismaClient;
let key: string;
const processes: ServiceProcess[] = [];

async function start(): Promise<string> {
  const port = await freePort();
  const child = spawnService({
    ...TEST_ENV, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), SERVICE_ROLES: 'api,worker',
    RATE_LIMIT_PER_MINUTE: '1000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries++) {
    if ((await fetch(`${url}/status`).then((r) => r.status, () => 0)) === 200) return url;
    if (child.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service did not start:\n${child.output()}`);
}

async function send(url: string, method: string, target: string, body: unknown) {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() as any };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-kill-'));
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  ({ owner: { key } } = await anAccount(prisma));
});
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) { p.child.kill('SIGTERM'); await p.exited; }
  await prisma?.$disconnect();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a write load', () => {
  it('keeps every acknowledged trip and configuration save across the restart', async () => {
    const url = await start();
    const configTrips: number[] = [];
    for (let i = 0; i < CONFIG_WRITERS; i++) configTrips.push((await send(url, 'POST', '/trips', { title: `Config writer ${i}` })).body.id);

    const created: Array<{ id: number; title: string }> = [];
    const attemptedCreations: string[] = [];
    const saves = configTrips.map(() => ({ acknowledged: 0, attempted: 0 }));
    let acknowledged = 0;
    let killed = false;

    const creator = async (worker: number) => {
      for (let n = 0; !killed && n < MAX_ATTEMPTS_PER_CLIENT; n++) {
        const title = `Kill test ${worker}-${n}`;
        attemptedCreations.push(title);
        const res = await send(url, 'POST', '/trips', { title }).catch(() => undefined);
        if (!res) return; // the process is gone: this write's fate is unknown
        expect(res.status).toBe(201);
        created.push({ id: res.body.id, title });
        acknowledged++;
      }
    };
    const configWriter = async (worker: number) => {
      const tripId = configTrips[worker]!;
      for (let n = 1; !killed && n <= MAX_ATTEMPTS_PER_CLIENT; n++) {
        saves[worker]!.attempted = n;
        const document = { ...defaultConfiguration(), settings: { ...defaultConfiguration().settings, description: `save ${n}` } };
        const res = await send(url, 'PUT', `/trips/${tripId}/config`, document).catch(() => undefined);
        if (!res) return;
        expect(res.status).toBe(200);
        saves[worker]!.acknowledged = n;
        acknowledged++;
      }
    };
    const clients = [
      ...Array.from({ length: CREATORS }, (_, i) => creator(i)),
      ...Array.from({ length: CONFIG_WRITERS }, (_, i) => configWriter(i)),
    ];
    while (acknowledged < WRITES_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 10));
    processes.at(-1)!.child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    await processes.at(-1)!.exited;

    // The kill landed inside the load: every client had writes acknowledged.
    expect(created.length).toBeGreaterThan(0);
    for (const save of saves) expect(save.acknowledged).toBeGreaterThan(0);

    const restarted = await start();
    for (const trip of created) {
      const res = await send(restarted, 'GET', `/trips/${trip.id}`, undefined);
      expect(res.status, `trip ${trip.id}, acknowledged before the kill`).toBe(200);
      expect(res.body.title).toBe(trip.title);
    }
    for (const [worker, tripId] of configTrips.entries()) {
      const res = await send(restarted, 'GET', `/trips/${tripId}/config`, undefined);
      const saved = Number(/^save (\d+)$/.exec(res.body.settings.description ?? '')?.[1] ?? 0);
      expect(saved, `configuration of trip ${tripId}`).toBeGreaterThanOrEqual(saves[worker]!.acknowledged);
      expect(saved).toBeLessThanOrEqual(saves[worker]!.attempted);
    }
    // Nothing was invented either: every stored trip of the load was attempted.
    const stored = await prisma.trip.findMany({ where: { title: { startsWith: 'Kill test ' } }, select: { title: true } });
    expect(stored.length).toBeGreaterThanOrEqual(created.length);
    for (const { title } of stored) expect(attemptedCreations).toContain(title);
  });
});
