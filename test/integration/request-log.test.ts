// One JSON line a request on stdout, as operators read it: the request id (the caller's when
// valid), method, path, status and milliseconds, in that order after the service's own fields.
// The line is written by a logger without redaction (app.ts), so nothing secret may reach it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { spawnReadyService, type ServiceProcess } from '../helpers/processes.ts';

let prisma: PrismaClient;
let service: ServiceProcess;
let url: string;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  ({ service, url } = await spawnReadyService(databaseUrl, { SERVICE_ROLES: 'api' }));
});
afterAll(async () => {
  service?.child.kill('SIGKILL');
  await service?.exited;
  await prisma?.$disconnect();
});

describe('the request log line', () => {
  it('names the request, its outcome and duration, and never the credentials', async () => {
    const account = await anAccount(prisma);
    const response = await fetch(`${url}/trips/999999999`, {
      headers: { authorization: `Bearer ${account.owner.key}`, 'x-request-id': 'log-check-1' },
    });
    expect(response.status).toBe(404);
    const [line] = await service.waitFor(
      /\{[^\n]*"requestId":"log-check-1"[^\n]*"msg":"request"\}/,
    );
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual([
      'level',
      'time',
      'service',
      'requestId',
      'method',
      'path',
      'status',
      'ms',
      'msg',
    ]);
    expect(entry).toMatchObject({
      level: 30,
      service: 'trips-service',
      method: 'GET',
      path: '/trips/999999999',
      status: 404,
    });
    expect(typeof entry.ms).toBe('number');
    expect(service.output()).not.toContain(account.owner.key);
  });
});
