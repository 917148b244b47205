// `npm run admin -- <command>`: one JSON line per command, usable by scripts, and what it
// creates works over HTTP at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../helpers/processes.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let env: Record<string, string>;

beforeAll(async () => {
  api = await startTestApp();
  env = { DATABASE_URL: api.databaseUrl, LOG_LEVEL: 'silent' };
});
afterAll(async () => {
  await api?.stop();
});

async function admin(...args: string[]) {
  const result = await runAdmin(args, env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

/** Each run is a Node process that loads Prisma: a second or two apiece on a busy machine. */
const CLI_TIMEOUT = 180_000;
const VIEWER = '{ viewer { role agent { id email } account { id plan organisationId } } }';

describe('admin command line', () => {
  it('builds an organisation, accounts, agents, keys and machine clients, each answer one JSON line', async () => {
    const { organisationId } = await admin('organisation:create', '--name', 'Iberia Group');
    expect(organisationId).toEqual(expect.any(Number));

    const account = await admin(
      'account:create',
      '--name',
      'Madrid Office',
      '--plan',
      'enterprise',
      '--organisation',
      String(organisationId),
    );
    expect(account).toEqual({
      organisationId,
      accountId: expect.any(Number),
      agentId: expect.any(Number),
      apiKey: expect.stringMatching(/^ak_[A-Za-z0-9]{32,}$/),
      prefix: account.apiKey.slice(0, 8),
    });
    const asOwner = await api.graphql(VIEWER, {}, { key: account.apiKey });
    expect(asOwner.body.data.viewer).toMatchObject({
      role: 'owner',
      account: { id: account.accountId, plan: 'enterprise', organisationId },
    });

    const agent = await admin(
      'agent:create',
      '--account',
      String(account.accountId),
      '--email',
      'Lucia@Madrid.test',
      '--role',
      'viewer',
    );
    expect(agent).toEqual({
      agentId: expect.any(Number),
      accountId: account.accountId,
      role: 'viewer',
    });
    const key = await admin(
      'key:create',
      '--agent',
      String(agent.agentId),
      '--account',
      String(account.accountId),
    );
    expect(key).toMatchObject({
      apiKey: expect.stringMatching(/^ak_/),
      prefix: key.apiKey.slice(0, 8),
      agentId: agent.agentId,
      accountId: account.accountId,
    });
    const asViewer = await api.graphql(VIEWER, {}, { key: key.apiKey });
    expect(asViewer.body.data.viewer).toMatchObject({
      role: 'viewer',
      agent: { id: agent.agentId, email: 'lucia@madrid.test' },
    });

    const revoked = await admin('key:revoke', '--prefix', key.prefix);
    expect(revoked).toEqual({ prefix: key.prefix, revoked: 1 });
    await expect
      .poll(async () => (await api.graphql(VIEWER, {}, { key: key.apiKey })).status, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(401);

    const client = await admin(
      'm2m:create',
      '--organisation',
      String(organisationId),
      '--scopes',
      'read:trips read:catalogs',
    );
    expect(client).toMatchObject({
      clientId: expect.stringMatching(/^mc_/),
      clientSecret: expect.stringMatching(/^mcs_/),
      organisationId,
    });
    const token = await api.request('POST /oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(token.body.scope).toBe('read:trips read:catalogs');
    const single = await admin('m2m:create', '--account', String(account.accountId));
    expect(single).toMatchObject({
      clientId: expect.any(String),
      clientSecret: expect.any(String),
      accountId: account.accountId,
    });
  });

  it('the owner of a new account gets the email given, and a plan defaults to free', async () => {
    const account = await admin(
      'account:create',
      '--name',
      'Solo',
      '--owner-email',
      'Boss@Solo.test',
    );
    const res = await api.graphql(VIEWER, {}, { key: account.apiKey });
    expect(res.body.data.viewer).toMatchObject({
      agent: { email: 'boss@solo.test' },
      account: { plan: 'free', organisationId: null },
    });
    expect(account.organisationId).toBeNull();
  });

  it('reports bad usage as one JSON line on stderr with exit code 1, writing nothing', async () => {
    const before = await api.prisma.account.count();
    for (const args of [
      ['nope'],
      ['account:create'],
      ['account:create', '--name', 'X', '--plan', 'gold'],
      ['agent:create', '--account', 'abc', '--email', 'a@b.c'],
      ['account:create', '--name', 'X', '--organisation', '999999'],
      ['m2m:create'],
      ['account:create', '--name', 'X', '--bogus', '1'],
    ]) {
      const result = await runAdmin(args, env);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      expect(() => JSON.parse(result.stderr.trim())).not.toThrow();
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(await api.prisma.account.count()).toBe(before);
  });

  it(
    'lists accounts, agents and keys (by prefix, never the key), each as one JSON line',
    async () => {
      const { organisationId } = await admin('organisation:create', '--name', 'Listed Group');
      const account = await admin(
        'account:create',
        '--name',
        'Listed Office',
        '--plan',
        'pro',
        '--organisation',
        String(organisationId),
        '--owner-email',
        'owner@listed.test',
      );
      const agent = await admin(
        'agent:create',
        '--account',
        String(account.accountId),
        '--email',
        'clerk@listed.test',
        '--role',
        'agent',
      );
      const key = await admin(
        'key:create',
        '--agent',
        String(agent.agentId),
        '--account',
        String(account.accountId),
        '--name',
        'clerk key',
      );

      const accounts = await admin('accounts:list', '--organisation', String(organisationId));
      expect(accounts).toEqual({
        data: [
          {
            id: account.accountId,
            name: 'Listed Office',
            plan: 'pro',
            organisationId,
            createdAt: expect.any(String),
            members: 2,
          },
        ],
      });
      expect((await admin('accounts:list')).data.map((a: { id: number }) => a.id)).toContain(
        account.accountId,
      );

      const agents = await admin('agents:list', '--account', String(account.accountId));
      expect(
        agents.data.map((a: { email: string; memberships: unknown }) => [a.email, a.memberships]),
      ).toEqual([
        ['owner@listed.test', [{ accountId: account.accountId, role: 'owner' }]],
        ['clerk@listed.test', [{ accountId: account.accountId, role: 'agent' }]],
      ]);
      expect((await admin('agents:list', '--email', 'CLERK@listed.test')).data).toHaveLength(1);

      const keys = await admin('keys:list', '--account', String(account.accountId));
      expect(keys.data).toEqual([
        expect.objectContaining({
          prefix: account.prefix,
          agentId: account.agentId,
          accountId: account.accountId,
          revokedAt: null,
        }),
        expect.objectContaining({
          id: key.keyId,
          prefix: key.prefix,
          name: 'clerk key',
          agentId: agent.agentId,
          lastUsedAt: null,
          revokedAt: null,
        }),
      ]);
      expect(JSON.stringify(keys)).not.toContain(key.apiKey);
      expect(Object.keys(keys.data[0]).sort()).toEqual([
        'accountId',
        'agentId',
        'createdAt',
        'id',
        'lastUsedAt',
        'name',
        'prefix',
        'revokedAt',
      ]);

      await admin('key:revoke', '--prefix', key.prefix);
      expect((await admin('keys:list', '--agent', String(agent.agentId))).data).toEqual([]);
      expect(
        (await admin('keys:list', '--agent', String(agent.agentId), '--revoked')).data,
      ).toEqual([expect.objectContaining({ prefix: key.prefix, revokedAt: expect.any(String) })]);
    },
    CLI_TIMEOUT,
  );

  it(
    'anything not found exits 1 with a message naming it',
    async () => {
      const cases: Array<[string[], string]> = [
        [['key:revoke', '--prefix', 'ak_nokey0'], 'No active API key has the prefix ak_nokey0'],
        [['agents:list', '--account', '999999'], 'Account 999999 does not exist.'],
        [
          ['agents:list', '--email', 'nobody@nowhere.test'],
          'No agent has the email nobody@nowhere.test.',
        ],
        [['keys:list', '--account', '999999'], 'Account 999999 does not exist.'],
        [['keys:list', '--agent', '999999'], 'Agent 999999 does not exist.'],
        [['accounts:list', '--organisation', '999999'], 'Organisation 999999 does not exist.'],
        [
          ['key:create', '--agent', '999999', '--account', '999999'],
          'Agent 999999 is not a member of account 999999.',
        ],
      ];
      for (const [args, message] of cases) {
        const result = await runAdmin(args, env);
        expect(result.code, args.join(' ')).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(message);
        expect(() => JSON.parse(result.stderr.trim())).not.toThrow();
      }
      // A revoked key's prefix is not found either: revoking twice says so.
      const account = await admin('account:create', '--name', 'Twice');
      await admin('key:revoke', '--prefix', account.prefix);
      const again = await runAdmin(['key:revoke', '--prefix', account.prefix], env);
      expect(again.code).toBe(1);
      expect(JSON.parse(again.stderr)).toEqual({
        error: { code: 'not_found', message: expect.stringContaining(account.prefix) },
      });
    },
    CLI_TIMEOUT,
  );

  it(
    '--help lists every command, and each command has its own --help, without touching the database',
    async () => {
      const offline = { ...env, DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' };
      const help = await runAdmin(['--help'], offline);
      expect(help.code).toBe(0);
      const commands = [
        'organisation:create',
        'account:create',
        'agent:create',
        'key:create',
        'key:revoke',
        'm2m:create',
        'accounts:list',
        'agents:list',
        'keys:list',
      ];
      for (const command of commands) expect(help.stdout).toContain(`  ${command} `);
      for (const command of commands) {
        const own = await runAdmin([command, '--help'], offline);
        expect(own.code, command).toBe(0);
        expect(own.stdout).toContain(`Usage: npm run admin -- ${command} [options]`);
        expect(own.stdout).toContain('--help');
      }
      expect((await runAdmin(['key:revoke', '--help'], offline)).stdout).toContain(
        '--prefix <value>',
      );
      expect((await runAdmin(['keys:list', '-h'], offline)).stdout).toMatch(/--revoked\n/);
      const none = await runAdmin([], offline);
      expect(none.code).toBe(1);
      expect(none.stdout).toContain('Commands:');
    },
    CLI_TIMEOUT,
  );
});
