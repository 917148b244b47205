// Machine-to-machine clients: POST /oauth/token, and the x-on-behalf-of rules (1) to (5) of
// docs/authentication.md#machine-clients, checked on the `viewer` query.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../../src/config/secret-key.ts';
import {
  aMachineClient,
  aMember,
  anAccount,
  anOrganisation,
  type AccountFixture,
} from '../helpers/fixtures.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { startTestApp, startTestService, type TestService } from '../helpers/service.ts';

let api: TestService;
let organisationId: number;
let inOrg: AccountFixture;
let alsoInOrg: AccountFixture;
let outside: AccountFixture;
let orgClient: { clientId: string; clientSecret: string };
let accountClient: { clientId: string; clientSecret: string };

const VIEWER = '{ viewer { role authMethod clientId agent { id email } account { id } } }';
const forbidden = { error: { code: 'forbidden', message: expect.any(String) } };

async function token(
  client: { clientId: string; clientSecret: string },
  scope?: string,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  if (scope) form.set('scope', scope);
  const res = await api.request('POST /oauth/token', {
    rawBody: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

function viewerAs(accessToken: string, onBehalfOf?: string) {
  return api.graphql(
    VIEWER,
    {},
    { key: accessToken, headers: onBehalfOf === undefined ? {} : { 'x-on-behalf-of': onBehalfOf } },
  );
}

beforeAll(async () => {
  // With its listener: one test sends the same header twice, which only a raw request can.
  api = await startTestService();
  organisationId = await anOrganisation(api.prisma);
  inOrg = await anAccount(api.prisma, { organisationId });
  alsoInOrg = await anAccount(api.prisma, { organisationId });
  outside = await anAccount(api.prisma);
  orgClient = await aMachineClient(api.prisma, { organisationId });
  accountClient = await aMachineClient(api.prisma, { accountId: inOrg.accountId });
});
afterAll(async () => {
  await api?.stop();
});

describe('POST /oauth/token', () => {
  it('issues a short-lived bearer token for client credentials (form, JSON or HTTP Basic)', async () => {
    const form = await api.request('POST /oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: orgClient.clientId,
        client_secret: orgClient.clientSecret,
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: expect.stringContaining('read:trips'),
    });
    expect(form.headers.get('cache-control')).toBe('no-store');

    const json = await api.request('POST /oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: orgClient.clientId,
        client_secret: orgClient.clientSecret,
        scope: 'read:trips',
      },
    });
    expect(json.body.scope).toBe('read:trips');

    const basic = Buffer.from(`${orgClient.clientId}:${orgClient.clientSecret}`).toString('base64');
    const viaBasic = await api.request('POST /oauth/token', {
      rawBody: 'grant_type=client_credentials',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(viaBasic.status).toBe(200);
    const sameId = await api.request('POST /oauth/token', {
      rawBody: `grant_type=client_credentials&client_id=${orgClient.clientId}`,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(sameId.status).toBe(200);
    // RFC 6749 section 2.3: one authentication method a request.
    for (const extra of ['client_id=mc_other', `client_secret=${orgClient.clientSecret}`]) {
      const both = await api.request('POST /oauth/token', {
        rawBody: `grant_type=client_credentials&${extra}`,
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect([both.status, both.body.error?.code], extra).toEqual([400, 'invalid_request']);
    }
  });

  it('refuses bad credentials, other grants and scopes beyond the client', async () => {
    const wrong = await api.request('POST /oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: orgClient.clientId,
        client_secret: 'mcs_wrong',
      },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: 'invalid_client', message: expect.any(String) } });

    const grant = await api.request('POST /oauth/token', {
      body: {
        grant_type: 'password',
        client_id: orgClient.clientId,
        client_secret: orgClient.clientSecret,
      },
    });
    expect(grant.status).toBe(400);
    expect(grant.body.error.code).toBe('unsupported_grant_type');

    const narrow = await aMachineClient(api.prisma, { accountId: inOrg.accountId }, ['read:trips']);
    const scope = await api.request('POST /oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: narrow.clientId,
        client_secret: narrow.clientSecret,
        scope: 'read:trips delete:trips',
      },
    });
    expect(scope.status).toBe(400);
    expect(scope.body.error.code).toBe('invalid_scope');
  });

  it('rejects expired, tampered and foreign tokens with 401', async () => {
    const keys = await loadKeys(api.config);
    const expired = await new SignJWT({ scope: 'read:trips' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(api.config.oauth.issuer)
      .setAudience('trips-api')
      .setSubject(orgClient.clientId)
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(1_700_000_600)
      .sign(keys.tokenSigning);
    const forged = await new SignJWT({ scope: 'read:trips' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(api.config.oauth.issuer)
      .setAudience('trips-api')
      .setSubject(orgClient.clientId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const valid = await token(orgClient);
    const tampered = `${valid.slice(0, -4)}AAAA`;
    for (const bad of [expired, forged, tampered]) {
      const res = await viewerAs(bad, inOrg.owner.email);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String) } });
    }
  });
});

describe('x-on-behalf-of', () => {
  it('rule 1: API keys ignore the header', async () => {
    const res = await api.graphql(
      VIEWER,
      {},
      { key: inOrg.owner.key, headers: { 'x-on-behalf-of': outside.owner.email } },
    );
    expect(res.body.data.viewer).toMatchObject({
      authMethod: 'apiKey',
      agent: { id: inOrg.owner.agentId },
      account: { id: inOrg.accountId },
    });
  });

  it('rule 2: a machine token without the header is refused', async () => {
    const res = await viewerAs(await token(orgClient));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
  });

  it("rule 3: without an account, the agent's current account is used", async () => {
    const res = await viewerAs(await token(orgClient), inOrg.owner.email.toUpperCase());
    expect(res.body).toEqual({
      data: {
        viewer: {
          role: 'owner',
          authMethod: 'machine',
          clientId: orgClient.clientId,
          agent: { id: inOrg.owner.agentId, email: inOrg.owner.email },
          account: { id: inOrg.accountId },
        },
      },
    });
  });

  it('rule 4: the account must lie within the grant (own account, or a child of the organisation)', async () => {
    const member = await aMember(api.prisma, alsoInOrg.accountId, 'viewer');
    const org = await token(orgClient);
    const child = await viewerAs(org, `${member.email},${alsoInOrg.accountId}`);
    expect(child.body.data.viewer).toMatchObject({
      role: 'viewer',
      account: { id: alsoInOrg.accountId },
    });

    const single = await token(accountClient);
    expect((await viewerAs(single, `${inOrg.owner.email},${inOrg.accountId}`)).status).toBe(200);
    const refusals = [
      await viewerAs(single, `${member.email},${alsoInOrg.accountId}`), // sibling account, outside a single-account grant
      await viewerAs(org, `${outside.owner.email},${outside.accountId}`), // account outside the organisation
      await viewerAs(org, outside.owner.email), // current account outside the organisation
      await viewerAs(org, `${inOrg.owner.email},${alsoInOrg.accountId}`), // agent not a member of that account
      await viewerAs(org, 'nobody@nowhere.test'), // unknown agent
      await viewerAs(org, `${inOrg.owner.email},abc`), // malformed account
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusals[0]!.body); // the same body whatever the reason: nothing leaks
    }
    expect(refusals[0]!.body).toEqual(forbidden);
  });

  it('rule 5: a duplicated header is rejected with 400', async () => {
    const accessToken = await token(orgClient);
    const body = JSON.stringify({ query: VIEWER });
    const twice = await rawRequest(`${api.url}/graphql`, {
      method: 'POST',
      body,
      headers: [
        'authorization',
        `Bearer ${accessToken}`,
        'content-type',
        'application/json',
        'x-on-behalf-of',
        inOrg.owner.email,
        'x-on-behalf-of',
        inOrg.owner.email,
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      error: { code: 'duplicate_header', message: expect.any(String) },
    });
    // A proxy (or fetch) folds repeated headers into one comma-separated value: also refused.
    const folded = await viewerAs(accessToken, `${inOrg.owner.email}, ${alsoInOrg.owner.email}`);
    expect(folded.status).toBe(400);
  });

  it("scopes limit what a machine client may do, on top of the agent's role", async () => {
    const full = await token(orgClient);
    const readOnly = await token(orgClient, 'read:trips');
    const headers = { 'x-on-behalf-of': inOrg.owner.email };
    expect((await api.request('GET /api-keys', { key: full, headers })).status).toBe(200);
    const res = await api.request('GET /api-keys', { key: readOnly, headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
  });
});

describe('tokens of an external issuer (JWKS)', () => {
  let external: TestService;
  let jwksServer: import('node:http').Server;
  let privateKey: CryptoKey;
  const issuer = 'https://tenant.auth.example/';
  const audience = 'https://trips-api.example';

  beforeAll(async () => {
    const { createServer } = await import('node:http');
    const { exportJWK, generateKeyPair } = await import('jose');
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as import('node:net').AddressInfo;
    external = await startTestApp({
      OAUTH_EXTERNAL_ISSUER: issuer,
      OAUTH_EXTERNAL_AUDIENCE: audience,
      OAUTH_EXTERNAL_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    });
  });
  afterAll(async () => {
    await external?.stop();
    jwksServer?.close();
  });

  async function externalToken(
    clientId: string,
    claims: { aud?: string; scope?: string; exp?: boolean } = {},
  ) {
    const jwt = new SignJWT({ scope: claims.scope ?? 'read:trips manage:keys', azp: clientId })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(claims.aud ?? audience)
      .setSubject(`${clientId}@clients`)
      .setIssuedAt();
    return (claims.exp === false ? jwt : jwt.setExpirationTime('5m')).sign(privateKey);
  }

  it("accepts a registered client's token signed by the configured issuer, with its scopes", async () => {
    const account = await anAccount(external.prisma);
    // Registered under the issuer's own client id (admin: m2m:create --client-id).
    const client = await aMachineClient(
      external.prisma,
      { accountId: account.accountId },
      undefined,
      `Kx9TenantClient${account.accountId}`,
    );
    const headers = { 'x-on-behalf-of': account.owner.email };
    const res = await external.graphql(
      VIEWER,
      {},
      { key: await externalToken(client.clientId), headers },
    );
    expect(res.body.data.viewer).toMatchObject({
      authMethod: 'machine',
      clientId: client.clientId,
      account: { id: account.accountId },
    });
    expect(
      (
        await external.request('GET /api-keys', {
          key: await externalToken(client.clientId),
          headers,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await external.request('GET /api-keys', {
          key: await externalToken(client.clientId, { scope: 'read:trips' }),
          headers,
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a wrong audience, an unregistered client or a token without exp', async () => {
    const account = await anAccount(external.prisma);
    const client = await aMachineClient(external.prisma, { accountId: account.accountId });
    const headers = { 'x-on-behalf-of': account.owner.email };
    expect(
      (await external.graphql(VIEWER, {}, { key: await externalToken(client.clientId), headers }))
        .status,
    ).toBe(200);
    const withoutExp = await externalToken(client.clientId, { exp: false });
    for (const bad of [
      await externalToken(client.clientId, { aud: 'https://other.example' }),
      await externalToken('mc_unknown'),
      withoutExp,
    ]) {
      const res = await external.graphql(VIEWER, {}, { key: bad, headers });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_api_key');
    }
  });
});
