// `npm run admin -- <command>`: one JSON line per command, usable by scripts, and what it
// creates works over HTTP at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../helpers/processes.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let api: TestService;
let env: Record<string, string>;

beforeAll(async () => {
  api = await startTestService();
  env = { DATABASE_URL: api.databaseUrl, LOG_LEVEL: 'silent' };
});
afterAll(async () => { await api?.stop(); });

async function admin(...args: string[]) {
  const result = await runAdmin(args, env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

const VIEWER = '{ viewer { role agent { id email } account { id plan organisationId } } }';

describe('admin command line', () => {
  it('builds an organisation, accounts, agents, keys and machine clients, each answer one JSON line', async () => {
    const { organisationId } = await admin('organisation:create', '--name', 'Iberia Group');
    expect(organisationId).toEqual(expect.any(Number));

    const account = await admin('account:create', '--name', 'Madrid Office', '--plan', 'enterprise', '--organisation', String(organisationId));
    expect(account).toEqual({ organisationId, accountId: expect.any(Number), agentId: expect.any(Number), apiKey: expect.stringMatching(/^ak_[A-Za-z0-9]{32,}$/), prefix: account.apiKey.slice(0, 8) });
    const asOwner = await api.graphql(VIEWER, {}, { key: account.apiKey });
    expect(asOwner.body.data.viewer).toMatchObject({ role: 'owner', account: { id: account.accountId, plan: 'enterprise', organisationId } });

    const agent = await admin('agent:create', '--account', String(account.accountId), '--email', 'Lucia@Madrid.test', '--role', 'viewer');
    expect(agent).toEqual({ agentId: expect.any(Number), accountId: account.accountId, role: 'viewer' });
    const key = await admin('key:create', '--agent', String(agent.agentId), '--account', String(account.accountId));
    expect(key).toMatchObject({ apiKey: expect.stringMatching(/^ak_/), prefix: key.apiKey.slice(0, 8), agentId: agent.agentId, accountId: account.accountId });
    const asViewer = await api.graphql(VIEWER, {}, { key: key.apiKey });
    expect(asViewer.body.data.viewer).toMatchObject({ role: 'viewer', agent: { id: agent.agentId, email: 'lucia@madrid.test' } });

    const revoked = await admin('key:revoke', '--prefix', key.prefix);
    expect(revoked).toEqual({ prefix: key.prefix, revoked: 1 });
    await expect.poll(async () => (await api.graphql(VIEWER, {}, { key: key.apiKey })).status, { timeout: 10_000, interval: 250 }).toBe(401);

    const client = await admin('m2m:create', '--organisation', String(organisationId), '--scopes', 'read:trips read:catalogs');
    expect(client).toMatchObject({ clientId: expect.stringMatching(/^mc_/), clientSecret: expect.stringMatching(/^mcs_/), organisationId });
    const token = await api.request('POST /oauth/token', { body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret } });
    expect(token.body.scope).toBe('read:trips read:catalogs');
    const single = await admin('m2m:create', '--account', String(account.accountId));
    expect(single).toMatchObject({ clientId: expect.any(String), clientSecret: expect.any(String), accountId: account.accountId });
  });

  it('the owner of a new account gets the email given, and a plan defaults to free', async () => {
    const account = await admin('account:create', '--name', 'Solo', '--owner-email', 'Boss@Solo.test');
    const res = await api.graphql(VIEWER, {}, { key: account.apiKey });
    expect(res.body.data.viewer).toMatchObject({ agent: { email: 'boss@solo.test' }, account: { plan: 'free', organisationId: null } });
    expect(account.organisationId).toBeNull();
  });

  it('reports bad usage as one JSON line on stderr with exit code 1, writing nothing', async () => {
    const before = await api.prisma.account.count();
    for (const args of [['nope'], ['account:create'], ['account:create', '--name', 'X', '--plan', 'gold'], ['agent:create', '--account', 'abc', '--email', 'a@b.c'], ['account:create', '--name', 'X', '--organisation', '999999'], ['m2m:create'], ['account:create', '--name', 'X', '--bogus', '1']]) {
      const result = await runAdmin(args, env);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      expect(() => JSON.parse(result.stderr.trim())).not.toThrow();
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(await api.prisma.account.count()).toBe(before);
  });
});
