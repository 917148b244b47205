// API keys and roles over HTTP: missing, malformed, unknown and revoked keys; each role against
// reads, writes and management (docs/authentication.md#api-keys).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;

beforeAll(async () => {
  api = await startTestApp();
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

const error = (code: string) => ({ error: { code, message: expect.any(String) } });

describe('API keys', () => {
  it('401 missing_api_key without an Authorization header', async () => {
    const res = await api.request('GET /api-keys');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('missing_api_key'));
  });

  it('401 invalid_api_key for a malformed, unknown or non-bearer credential', async () => {
    for (const authorization of [
      'Bearer nope',
      `Bearer ak_${'x'.repeat(40)}`,
      `Basic ${account.owner.key}`,
      'Bearer',
    ]) {
      const res = await api.request('GET /api-keys', { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual(error('invalid_api_key'));
    }
  });

  it('accepts a valid key and never stores it in clear', async () => {
    const res = await api.request('GET /api-keys', { key: account.owner.key });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      prefix: account.owner.key.slice(0, 8),
      agentId: account.owner.agentId,
    });
    const stored = await api.prisma.apiKey.findMany({ where: { accountId: account.accountId } });
    expect(JSON.stringify(stored)).not.toContain(account.owner.key);
  });

  it('rejects a revoked key at once', async () => {
    const admin = await aMember(api.prisma, account.accountId, 'admin');
    expect((await api.request('GET /api-keys', { key: admin.key })).status).toBe(200);
    const keyId = (await api.prisma.apiKey.findFirstOrThrow({ where: { prefix: admin.prefix } }))
      .id;
    const revoked = await api.request(`DELETE /api-keys/${keyId}`, { key: account.owner.key });
    expect(revoked.status).toBe(200);
    expect((await api.request('GET /api-keys', { key: admin.key })).status).toBe(401);
  });

  it('creates a key through the API, shown once, that works at once', async () => {
    const created = await api.request('POST /api-keys', {
      key: account.owner.key,
      body: { name: 'CI' },
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^ak_[A-Za-z0-9]{32,}$/);
    expect(created.body).toMatchObject({
      name: 'CI',
      prefix: created.body.key.slice(0, 8),
      revokedAt: null,
    });
    const listed = await api.request('GET /api-keys', { key: created.body.key });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
  });

  it('validates the creation body', async () => {
    const res = await api.request('POST /api-keys', {
      key: account.owner.key,
      body: { name: 5, admin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: { name: [expect.any(String)], admin: [expect.any(String)] },
    });
  });
});

describe('roles', () => {
  it.each([
    ['owner', 200],
    ['admin', 200],
    ['agent', 403],
    ['viewer', 403],
  ] as const)('%s managing keys → %i', async (role, status) => {
    const member =
      role === 'owner'
        ? { key: account.owner.key }
        : await aMember(api.prisma, account.accountId, role);
    const res = await api.request('GET /api-keys', { key: member.key });
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body).toEqual(error('forbidden'));
  });

  it('a viewer writing gets 403 forbidden, and nothing is written', async () => {
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    const before = await api.prisma.apiKey.count();
    const res = await api.request('POST /api-keys', { key: viewer.key, body: { name: 'nope' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(error('forbidden'));
    expect(await api.prisma.apiKey.count()).toBe(before);
  });

  it('the viewer query tells each caller its agent, account and role', async () => {
    for (const role of ['admin', 'agent', 'viewer'] as const) {
      const member = await aMember(api.prisma, account.accountId, role);
      const res = await api.graphql(
        '{ viewer { role authMethod agent { id email } account { id plan } } }',
        {},
        { key: member.key },
      );
      expect(res.body).toEqual({
        data: {
          viewer: {
            role,
            authMethod: 'apiKey',
            agent: { id: member.agentId, email: member.email },
            account: { id: account.accountId, plan: 'enterprise' },
          },
        },
      });
    }
  });

  it('a key acts only in its own account', async () => {
    const other = await anAccount(api.prisma);
    const res = await api.request('GET /api-keys', { key: other.owner.key });
    expect(res.body.data.map((k: { agentId: number }) => k.agentId)).toEqual([other.owner.agentId]);
    const revoke = await api.request(
      `DELETE /api-keys/${(await api.prisma.apiKey.findFirstOrThrow({ where: { accountId: account.accountId } })).id}`,
      { key: other.owner.key },
    );
    expect(revoke.status).toBe(404);
  });

  it('GraphQL without a key: the field fails with missing_api_key', async () => {
    const res = await api.graphql('{ viewer { role } }');
    expect(res.status).toBe(200);
    expect(res.body.errors[0].extensions).toEqual({ code: 'missing_api_key' });
  });
});
