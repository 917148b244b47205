// An event is never lost: the process that committed a change is killed (SIGKILL) before anything
// was delivered, and the event still reaches the receiver once a worker runs again.
import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { spawnReadyService, type ServiceProcess } from '../helpers/processes.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

let databaseUrl: string;
let prisma: PrismaClient;
let receiver: Receiver;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const p of processes) p.child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
  await receiver?.close();
  await prisma?.$disconnect();
});

async function start(roles: string) {
  const started = await spawnReadyService(databaseUrl, { SERVICE_ROLES: roles });
  processes.push(started.service);
  return started;
}

describe('a crash between commit and delivery', () => {
  it('delays the event, never loses it', async () => {
    const account = await anAccount(prisma);
    const api = await start('api'); // no worker: nothing is delivered by this process
    const headers = {
      authorization: `Bearer ${account.owner.key}`,
      'content-type': 'application/json',
    };
    const endpoint = (await (
      await fetch(`${api.url}/webhooks/endpoints`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'CRM', url: receiver.url, eventTypes: ['trip.created'] }),
      })
    ).json()) as { secret: string };
    const trip = (await (
      await fetch(`${api.url}/trips`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Survives a crash' }),
      })
    ).json()) as { id: number };
    expect(trip.id).toEqual(expect.any(Number));
    api.service.child.kill('SIGKILL');
    await api.service.exited;
    expect(receiver.requests).toHaveLength(0);

    await start('api,worker');
    const [delivered] = await receiver.waitFor(1, () => true, 60_000);
    expect(delivered!.body).toMatchObject({
      type: 'trip.created',
      accountId: account.accountId,
      data: { trip: { id: trip.id, title: 'Survives a crash' } },
    });
    expect(
      await verify(
        endpoint.secret,
        delivered!.rawBody,
        String(delivered!.headers['x-service-signature-256']),
      ),
    ).toBe(true);
  }, 120_000);
});
