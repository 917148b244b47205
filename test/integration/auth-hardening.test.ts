// Authentication under attack (issue 15, item 5): failed authentications spend a per-IP budget
// and are then refused with 429 before any key lookup; tokens must carry `exp`; a key acts as
// the agent who created it; a revocation takes effect at once on the process that made it.
// TRUST_PROXY lets each test speak from its own client IP (X-Forwarded-For).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../../src/config/secret-key.ts';
import type { Prisma } from '../../src/db/prisma.ts';
import { aMachineClient, aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const BUDGET = 3;
let api: TestService;
let account: AccountFixture;
const sql: string[] = [];

beforeAll(async () => {
  api = await startTestApp(
    { TRUST_PROXY: 'true', PUBLIC_RATE_LIMIT_PER_MINUTE: String(BUDGET) },
    { onDatabaseQuery: (q) => sql.push(q.sql) },
  );
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

let ipCounter = 0;
/** A fresh client IP (documentation range: only a label here). */
const anIp = () => `198.51.100.${++ipCounter}`;
const from = (ip: string, headers: Record<string, string> = {}) => ({
  'x-forwarded-for': ip,
  ...headers,
});
const WRONG_KEY = `ak_${'w'.repeat(40)}`;
const error = (code: string) => ({ error: { code, message: expect.any(String) } });

/**
 * A change made behind the notifications' back (the table's auth_changes trigger off for it), as
 * if the notification were lost: only the invalidation hooks can make this process see it.
 */
async function unannounced(
  table: string,
  change: (tx: Prisma.TransactionClient) => Promise<unknown>,
) {
  await api.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_auth_change`);
    await change(tx);
    await tx.$executeRawUnsafe(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_auth_change`);
  });
}

/** Runs `send` and returns what it answered and the SQL it ran. */
async function withSql<T>(send: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const start = sql.length;
  const result = await send();
  return { result, statements: sql.slice(start) };
}

function expectRateLimited(res: { status: number; headers: Headers }) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function spendFailures(ip: string) {
  for (let i = 0; i < BUDGET; i++) {
    const res = await api.request('GET /trips', { key: WRONG_KEY, headers: from(ip) });
    expect(res.status).toBe(401);
  }
}

describe('failed authentications spend a per-IP budget, then 429 before any lookup', () => {
  it('REST: bad keys give 401 until the budget is spent, then 429 rate_limited with Retry-After, even for a good key', async () => {
    const ip = anIp();
    await spendFailures(ip);
    const { result: refused, statements } = await withSql(() =>
      api.request('GET /trips', { key: `ak_${'v'.repeat(40)}`, headers: from(ip) }),
    );
    expectRateLimited(refused);
    expect(refused.body).toEqual(error('rate_limited'));
    expect(statements.filter((s) => s.includes('api_keys'))).toEqual([]);
    // Before any lookup, so a valid key cannot tell an attacker anything either.
    expectRateLimited(
      await api.request('GET /trips', { key: account.owner.key, headers: from(ip) }),
    );
    // Another address, and anonymous calls from the same one, keep their own budgets.
    expect(
      (await api.request('GET /trips', { key: account.owner.key, headers: from(anIp()) })).status,
    ).toBe(200);
    expect((await api.request('GET /status', { headers: from(ip) })).status).toBe(200);
  });

  it('GraphQL: the same budget and the same 429 on POST /graphql', async () => {
    const ip = anIp();
    for (let i = 0; i < BUDGET; i++) {
      const res = await api.graphql(
        '{ viewer { role } }',
        {},
        { key: WRONG_KEY, headers: from(ip) },
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual(error('invalid_api_key'));
    }
    const refused = await api.graphql(
      '{ viewer { role } }',
      {},
      { key: account.owner.key, headers: from(ip) },
    );
    expectRateLimited(refused);
    expect(refused.body).toEqual(error('rate_limited'));
  });

  it('bad machine tokens spend it too', async () => {
    const ip = anIp();
    for (let i = 0; i < BUDGET; i++) {
      expect(
        (
          await api.request('GET /trips', {
            key: 'eyJhbGciOiJIUzI1NiJ9.e30.bad',
            headers: from(ip, { 'x-on-behalf-of': account.owner.email }),
          })
        ).status,
      ).toBe(401);
    }
    expectRateLimited(
      await api.request('GET /trips', { key: account.owner.key, headers: from(ip) }),
    );
  });

  it('POST /oauth/token: bad client credentials spend it; once spent, even good ones get 429 without a client lookup', async () => {
    const client = await aMachineClient(api.prisma, { accountId: account.accountId });
    const tokenRequest = (ip: string, secret: string) =>
      api.request('POST /oauth/token', {
        body: {
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: secret,
        },
        headers: from(ip),
      });
    // Keyed requests do not count against the anonymous budget: what refuses them is the failures'.
    const guessing = anIp();
    for (let i = 0; i < BUDGET; i++)
      expect((await tokenRequest(guessing, 'mcs_wrong')).body).toEqual(error('invalid_client'));
    expectRateLimited(
      await api.request('GET /trips', { key: account.owner.key, headers: from(guessing) }),
    );

    const ip = anIp();
    await spendFailures(ip);
    const { result: refused, statements } = await withSql(() =>
      tokenRequest(ip, client.clientSecret),
    );
    expectRateLimited(refused);
    expect(refused.body).toEqual(error('rate_limited'));
    expect(statements.filter((s) => s.includes('machine_clients'))).toEqual([]);
    expect((await tokenRequest(anIp(), client.clientSecret)).status).toBe(200);
  });

  it('GraphQL issueMachineToken: bad credentials spend it; once spent, HTTP 429 with Retry-After and code rate_limited', async () => {
    const client = await aMachineClient(api.prisma, { accountId: account.accountId });
    const issue =
      'mutation($id: String!, $secret: String!) { issueMachineToken(clientId: $id, clientSecret: $secret) { accessToken } }';
    // Bad keys spend the budget without touching the anonymous one the mutation runs under.
    const ip = anIp();
    await spendFailures(ip);
    const refused = await api.graphql(
      issue,
      { id: client.clientId, secret: client.clientSecret },
      { headers: from(ip) },
    );
    expectRateLimited(refused);
    expect(refused.body.errors[0].extensions).toEqual({ code: 'rate_limited' });
    expect(refused.body.data).toBeNull();

    const other = anIp();
    const wrong = await api.graphql(
      issue,
      { id: client.clientId, secret: 'mcs_wrong' },
      { headers: from(other) },
    );
    expect(wrong.status).toBe(200);
    expect(wrong.body.errors[0].extensions).toEqual({ code: 'invalid_client' });
    expect(
      (await api.request('GET /trips', { key: account.owner.key, headers: from(other) })).status,
    ).toBe(200);
  });
});

describe('tokens must carry exp', () => {
  it('a token of the built-in issuer without exp is refused with 401, on REST and GraphQL', async () => {
    const client = await aMachineClient(api.prisma, { accountId: account.accountId });
    const keys = await loadKeys(api.config);
    const sign = (withExp: boolean) => {
      const jwt = new SignJWT({ scope: 'read:trips' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(api.config.oauth.issuer)
        .setAudience('trips-api')
        .setSubject(client.clientId)
        .setIssuedAt();
      return (withExp ? jwt.setExpirationTime('5m') : jwt).sign(keys.tokenSigning);
    };
    const headers = from(anIp(), { 'x-on-behalf-of': account.owner.email });
    // The same token with exp is accepted: only the missing claim is refused.
    expect((await api.request('GET /trips', { key: await sign(true), headers })).status).toBe(200);
    const noExp = await sign(false);
    const rest = await api.request('GET /trips', { key: noExp, headers });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual(error('invalid_api_key'));
    const graphql = await api.graphql('{ viewer { role } }', {}, { key: noExp, headers });
    expect(graphql.status).toBe(401);
    expect(graphql.body).toEqual(error('invalid_api_key'));
  });
});

describe('a key acts as the agent who created it', () => {
  it('REST: an admin asking for a key of the owner gets 400 naming agentId, and no key is made; its own id or none is fine', async () => {
    const admin = await aMember(api.prisma, account.accountId, 'admin');
    const before = await api.prisma.apiKey.count({ where: { agentId: account.owner.agentId } });
    const refused = await api.request('POST /api-keys', {
      key: admin.key,
      body: { name: 'as owner', agentId: account.owner.agentId },
      headers: from(anIp()),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: { agentId: [expect.stringContaining('acts as the agent who creates it')] },
    });
    expect(await api.prisma.apiKey.count({ where: { agentId: account.owner.agentId } })).toBe(
      before,
    );

    for (const body of [{ name: 'mine' }, { name: 'mine too', agentId: admin.agentId }]) {
      const created = await api.request('POST /api-keys', {
        key: admin.key,
        body,
        headers: from(anIp()),
      });
      expect(created.status).toBe(201);
      expect(created.body.agentId).toBe(admin.agentId);
      const viewer = await api.graphql(
        '{ viewer { role agent { id } } }',
        {},
        { key: created.body.key, headers: from(anIp()) },
      );
      expect(viewer.body.data.viewer).toEqual({ role: 'admin', agent: { id: admin.agentId } });
    }
  });

  it('GraphQL: createApiKey with another agent is a validation error naming agentId', async () => {
    const admin = await aMember(api.prisma, account.accountId, 'admin');
    const res = await api.graphql(
      'mutation($agentId: Int) { createApiKey(agentId: $agentId) { key } }',
      { agentId: account.owner.agentId },
      { key: admin.key, headers: from(anIp()) },
    );
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions).toEqual({
      code: 'validation_failed',
      errors: { agentId: [expect.any(String)] },
    });
  });
});

describe('changes take effect at once on this process', () => {
  it('a key revoked over REST is refused by the very next request', async () => {
    const admin = await aMember(api.prisma, account.accountId, 'admin');
    const headers = from(anIp());
    expect((await api.request('GET /api-keys', { key: admin.key, headers })).status).toBe(200); // now cached
    const keyId = (await api.prisma.apiKey.findFirstOrThrow({ where: { prefix: admin.prefix } }))
      .id;
    expect(
      (await api.request(`DELETE /api-keys/${keyId}`, { key: account.owner.key, headers })).status,
    ).toBe(200);
    expect((await api.request('GET /api-keys', { key: admin.key, headers })).body).toEqual(
      error('invalid_api_key'),
    );
  });

  it('a key revoked over GraphQL likewise', async () => {
    const agent = await aMember(api.prisma, account.accountId, 'agent');
    const headers = from(anIp());
    expect((await api.graphql('{ viewer { role } }', {}, { key: agent.key, headers })).status).toBe(
      200,
    );
    const keyId = (await api.prisma.apiKey.findFirstOrThrow({ where: { prefix: agent.prefix } }))
      .id;
    const revoked = await api.graphql(
      'mutation($id: Int!) { revokeApiKey(id: $id) { revokedAt } }',
      { id: keyId },
      { key: account.owner.key, headers },
    );
    expect(revoked.body.data.revokeApiKey.revokedAt).toEqual(expect.any(String));
    expect((await api.graphql('{ viewer { role } }', {}, { key: agent.key, headers })).status).toBe(
      401,
    );
  });

  it('the invalidation hooks (for changes made elsewhere) drop a role, a membership or a client grant at once', async () => {
    const { apiKeys, machines } = api.running.services;
    const member = await aMember(api.prisma, account.accountId, 'admin');
    const headers = from(anIp());
    const role = async () =>
      (await api.graphql('{ viewer { role } }', {}, { key: member.key, headers })).body.data?.viewer
        .role;
    expect(await role()).toBe('admin');
    const where = { agentId_accountId: { agentId: member.agentId, accountId: account.accountId } };
    await unannounced('memberships', (tx) =>
      tx.membership.update({ where, data: { role: 'viewer' } }),
    );
    expect(await role()).toBe('admin'); // still cached: what the hooks are for
    apiKeys.invalidate({ agentId: member.agentId, accountId: account.accountId });
    expect(await role()).toBe('viewer');
    await unannounced('memberships', (tx) => tx.membership.delete({ where }));
    apiKeys.invalidate({ accountId: account.accountId });
    expect(
      (await api.graphql('{ viewer { role } }', {}, { key: member.key, headers })).status,
    ).toBe(401);
    // Back as a member: the key (cached as refused) works again once invalidated.
    await unannounced('memberships', (tx) =>
      tx.membership.create({
        data: { agentId: member.agentId, accountId: account.accountId, role: 'agent' },
      }),
    );
    apiKeys.invalidate({ agentId: member.agentId });
    expect(await role()).toBe('agent');

    const client = await aMachineClient(api.prisma, { accountId: account.accountId });
    const token = (
      await api.request('POST /oauth/token', {
        body: {
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        },
        headers,
      })
    ).body.access_token;
    const asMachine = { ...headers, 'x-on-behalf-of': account.owner.email };
    expect((await api.request('GET /trips', { key: token, headers: asMachine })).status).toBe(200);
    await unannounced('machine_clients', (tx) =>
      tx.machineClient.update({
        where: { clientId: client.clientId },
        data: { revokedAt: new Date() },
      }),
    );
    machines.invalidate(client.clientId);
    expect((await api.request('GET /trips', { key: token, headers: asMachine })).status).toBe(401);
  });
});
