// An AI import is never stuck behind a dead worker: the worker process is killed (SIGKILL) while
// a stage is fetching the document, and the next process takes that stage again once its job's
// heartbeat has gone stale (DURATIONS.jobHeartbeatSeconds), instead of after pg-boss's 15-minute
// expiration, and completes the import.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { spawnReadyService, type ServiceProcess } from '../helpers/processes.ts';

const PLAN =
  'Lisbon and Porto\nApril 14-16, 2027\nDay 1: Lisbon, Belém tower at 10:00.\nDay 2: Sintra.\nDay 3: Porto, wine cellar visit.';

let databaseUrl: string;
let prisma: PrismaClient;
let documents: http.Server;
let documentUrl: string;
let requests = 0;
let firstRequest: Promise<void>;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  // The first request for the document never gets an answer (the worker dies waiting); later ones do.
  let requested!: () => void;
  firstRequest = new Promise((resolve) => {
    requested = resolve;
  });
  documents = http.createServer((_req, res) => {
    if (++requests === 1) return requested();
    res.writeHead(200, { 'content-type': 'text/plain' }).end(PLAN);
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}/plan.txt`;
});
afterAll(async () => {
  for (const p of processes) p.child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
  documents?.closeAllConnections();
  await new Promise((resolve) => documents?.close(resolve));
  await prisma?.$disconnect();
});

async function start() {
  const started = await spawnReadyService(databaseUrl, { SERVICE_ROLES: 'api,worker' });
  processes.push(started.service);
  return started;
}

describe('a worker killed in the middle of an import stage', () => {
  it('leaves the import to the next worker, which completes it', async () => {
    const account = await anAccount(prisma);
    const headers = {
      authorization: `Bearer ${account.owner.key}`,
      'content-type': 'application/json',
    };
    const first = await start();
    const created = await fetch(`${first.url}/ai/trips/from-document`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ source: { type: 'url', url: documentUrl } }),
    });
    expect(created.status).toBe(202);
    const { jobId } = (await created.json()) as { jobId: string };
    await firstRequest;
    first.service.child.kill('SIGKILL');
    await first.service.exited;
    expect((await prisma.importJob.findUniqueOrThrow({ where: { publicId: jobId } })).status).toBe(
      'processing',
    );

    const second = await start();
    const deadline = Date.now() + 120_000;
    let status: { status: string; stage: string; tripId?: number; error?: string };
    for (;;) {
      status = (await (
        await fetch(`${second.url}/ai/trips/${jobId}/status`, { headers })
      ).json()) as typeof status;
      if (status.status !== 'processing' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status, JSON.stringify(status)).toMatchObject({
      status: 'completed',
      stage: 'completed',
      tripId: expect.any(Number),
    });
    expect(requests).toBe(2);
    const trip = await prisma.trip.findUniqueOrThrow({ where: { id: status.tripId! } });
    expect(trip).toMatchObject({
      accountId: account.accountId,
      title: expect.stringContaining('Lisbon and Porto'),
    }); // the trip of this document: its heading, whatever the title rules add to it
  }, 200_000);
});
