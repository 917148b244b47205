// Credentials cached by one API process stop working there as soon as they change on another:
// two services on one database, with a cache TTL of an hour, so that only the auth_changes
// notification (sent by triggers when the change commits) can make the second one notice. Also:
// a change that sends no notification is still noticed once the listening connection is lost and
// comes back, because the caches are cleared then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMachineClient, aMember, anAccount } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let a: TestService;
let b: TestService;
const bSql: string[] = [];
const FAILURE_BUDGET = 5;
const env = {
  AUTH_CACHE_SECONDS: '3600',
  RATE_LIMIT_PER_MINUTE: '100000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: String(FAILURE_BUDGET),
  TRUST_PROXY: 'true',
};

beforeAll(async () => {
  a = await startTestApp(env);
  b = await startTestApp(
    { ...env, DATABASE_URL: a.databaseUrl },
    { onDatabaseQuery: (q) => bSql.push(q.sql) },
  );
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** Polls until `check` holds; with an hour of TTL, only a notification can make it hold. */
async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not seen within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
let calls = 0;
/** Each call from a client IP of its own (TRUST_PROXY), so refused keys never spend a shared failure budget. */
const status = async (
  service: TestService,
  route: string,
  key: string,
  headers: Record<string, string> = {},
) =>
  (
    await service.request(route, {
      key,
      headers: { 'x-forwarded-for': `10.9.${(++calls >> 8) & 255}.${calls & 255}`, ...headers },
    })
  ).status;

describe('the failed-authentication budget across processes', () => {
  it('an IP guessing keys on both processes gets one budget, not one a process', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const answers: number[] = [];
    for (let i = 0; i < 4 * FAILURE_BUDGET; i++)
      answers.push(await status(i % 2 ? b : a, 'GET /trips', `ak_${'g'.repeat(40)}`, headers));
    const failures = answers.filter((code) => code === 401).length;
    // Each process may let one more through: the one that learns from its own failure's lease that
    // the other spent the rest. Counted per process, it would be twice the budget.
    expect(failures).toBeGreaterThanOrEqual(FAILURE_BUDGET);
    expect(failures).toBeLessThanOrEqual(FAILURE_BUDGET + 1);
    expect(answers.slice(-4)).toEqual([429, 429, 429, 429]);
  });
});

describe('cross-process invalidation of cached credentials', () => {
  it('a key revoked on one process is refused on the other', async () => {
    const account = await anAccount(a.prisma);
    const member = await aMember(a.prisma, account.accountId, 'agent');
    expect(await status(b, 'GET /trips', member.key)).toBe(200); // cached on b
    const keyId = (await a.prisma.apiKey.findFirstOrThrow({ where: { prefix: member.prefix } })).id;
    expect((await a.request(`DELETE /api-keys/${keyId}`, { key: account.owner.key })).status).toBe(
      200,
    );
    await eventually(
      async () => (await status(b, 'GET /trips', member.key)) === 401,
      'revoked key refused on b',
    );
    await eventually(
      async () => (await status(a, 'GET /trips', member.key)) === 401,
      'revoked key refused on a',
    );
  });

  it('a role change and a removed membership take effect on the other process', async () => {
    const account = await anAccount(a.prisma);
    const admin = await aMember(a.prisma, account.accountId, 'admin');
    expect(await status(b, 'GET /api-keys', admin.key)).toBe(200);
    await a.prisma.membership.updateMany({
      where: { agentId: admin.agentId, accountId: account.accountId },
      data: { role: 'viewer' },
    });
    await eventually(
      async () => (await status(b, 'GET /api-keys', admin.key)) === 403,
      'demoted admin refused on b',
    );
    expect(await status(b, 'GET /trips', admin.key)).toBe(200);
    await a.prisma.membership.deleteMany({
      where: { agentId: admin.agentId, accountId: account.accountId },
    });
    await eventually(
      async () => (await status(b, 'GET /trips', admin.key)) === 401,
      'removed member refused on b',
    );
  });

  it("a machine client's grant changed or revoked takes effect on the other process", async () => {
    const account = await anAccount(a.prisma);
    const { clientId, clientSecret } = await aMachineClient(a.prisma, {
      accountId: account.accountId,
    });
    const token = await a.request('POST /oauth/token', {
      body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    expect(token.status).toBe(200);
    const onBehalf = { 'x-on-behalf-of': account.owner.email };
    expect(await status(b, 'GET /trips', token.body.access_token, onBehalf)).toBe(200);
    // The grant moves to another account: the old one is out of reach at once.
    const other = await anAccount(a.prisma);
    await a.prisma.machineClientGrant.updateMany({
      where: { client: { clientId } },
      data: { accountId: other.accountId },
    });
    await eventually(
      async () => (await status(b, 'GET /trips', token.body.access_token, onBehalf)) === 403,
      'moved grant refused on b',
    );
    await a.prisma.machineClientGrant.updateMany({
      where: { client: { clientId } },
      data: { accountId: account.accountId },
    });
    await eventually(
      async () => (await status(b, 'GET /trips', token.body.access_token, onBehalf)) === 200,
      'restored grant accepted on b',
    );
    await a.prisma.machineClient.update({ where: { clientId }, data: { revokedAt: new Date() } });
    await eventually(
      async () => (await status(b, 'GET /trips', token.body.access_token, onBehalf)) === 401,
      'revoked client refused on b',
    );
  });

  it('a change forgets only what it concerns: a new account elsewhere leaves cached keys alone', async () => {
    const account = await anAccount(a.prisma);
    const member = await aMember(a.prisma, account.accountId, 'agent');
    expect(await status(b, 'GET /trips', member.key)).toBe(200); // cached on b
    await anAccount(a.prisma); // a membership inserted: its own message
    // Messages arrive in order: once a later revocation is seen on b, the account's was too.
    const marker = await aMember(a.prisma, account.accountId, 'viewer');
    expect(await status(b, 'GET /trips', marker.key)).toBe(200);
    await a.prisma.apiKey.updateMany({
      where: { prefix: marker.prefix },
      data: { revokedAt: new Date() },
    });
    await eventually(
      async () => (await status(b, 'GET /trips', marker.key)) === 401,
      'marker key refused on b',
    );
    const before = bSql.length;
    expect(await status(b, 'GET /trips', member.key)).toBe(200);
    expect(bSql.slice(before).filter((statement) => statement.includes('api_keys'))).toEqual([]);
  });

  it('a change missed while the listening connection was down is caught up when it comes back', async () => {
    const account = await anAccount(a.prisma);
    const member = await aMember(a.prisma, account.accountId, 'agent');
    expect(await status(b, 'GET /trips', member.key)).toBe(200);
    // A revocation that notifies nobody (the trigger off), then the listeners' connections cut.
    await a.prisma.$transaction([
      a.prisma.$executeRawUnsafe('ALTER TABLE api_keys DISABLE TRIGGER api_keys_auth_change'),
      a.prisma.apiKey.updateMany({
        where: { prefix: member.prefix },
        data: { revokedAt: new Date() },
      }),
      a.prisma.$executeRawUnsafe('ALTER TABLE api_keys ENABLE TRIGGER api_keys_auth_change'),
    ]);
    expect(await status(b, 'GET /trips', member.key)).toBe(200); // still cached: nothing said otherwise
    await a.prisma
      .$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'trips-auth-changes' AND datname = current_database()`;
    await eventually(
      async () => (await status(b, 'GET /trips', member.key)) === 401,
      'key refused on b after its listener reconnected',
    );
  });
});
