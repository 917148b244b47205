// Machine-to-machine clients (docs/authentication.md#machine-clients): OAuth 2.0 client credentials. The
// built-in issuer signs short-lived HS256 JWTs; tokens of an external issuer (Auth0 and the like)
// are accepted when its issuer, audience and JWKS URL are configured. Either way the client must
// be registered here, because its grant (one account, or an organisation) lives here.
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../config/config.ts';
import { DURATIONS } from '../config/constants.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { BadRequestError, UnauthenticatedError } from '../errors.ts';
import { OPERATOR_SCOPE } from './operator.ts';
import { isPermission, PERMISSIONS } from './permissions.ts';
import { hashesEqual, randomBase62, sha256Hex } from './tokens.ts';

const AUDIENCE = 'trips-api';

export interface MachineGrant {
  clientId: string;
  accountIds: ReadonlySet<number>;
  organisationIds: ReadonlySet<number>;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export async function createMachineClient(
  prisma: PrismaClient,
  input: {
    accountId?: number;
    organisationId?: number;
    scopes?: string[];
    name?: string;
    clientId?: string;
  },
): Promise<{ clientId: string; clientSecret: string }> {
  const scopes = input.scopes?.length ? input.scopes : [...PERMISSIONS];
  // read:ops (operators) is never a default: only given explicitly.
  const unknown = scopes.filter((s) => !isPermission(s) && s !== OPERATOR_SCOPE);
  if (unknown.length)
    throw new BadRequestError('invalid_scope', `Unknown scopes: ${unknown.join(', ')}`);
  // An explicit id registers a client of an external issuer (its `azp`/`client_id`/`sub`).
  const clientId = input.clientId ?? `mc_${randomBase62(24)}`;
  const clientSecret = `mcs_${randomBase62(48)}`;
  await prisma.machineClient.create({
    data: {
      clientId,
      secretHash: sha256Hex(clientSecret),
      name: input.name ?? null,
      scopes,
      grants: {
        create: {
          accountId: input.accountId ?? null,
          organisationId: input.organisationId ?? null,
        },
      },
    },
  });
  return { clientId, clientSecret };
}

export class MachineAuth {
  private readonly prisma: PrismaClient;
  private readonly config: Config['oauth'];
  private readonly signingKey: Uint8Array;
  private readonly jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  private readonly grants = new Map<string, { grant: MachineGrant | null; expires: number }>();

  private readonly cacheMs: number;

  constructor(
    prisma: PrismaClient,
    config: Config['oauth'],
    signingKey: Uint8Array,
    cacheMs: number = DURATIONS.apiKeyCacheMs,
  ) {
    this.prisma = prisma;
    this.config = config;
    this.signingKey = signingKey;
    this.jwks = config.external ? createRemoteJWKSet(new URL(config.external.jwksUrl)) : undefined;
    this.cacheMs = cacheMs;
  }

  /** Forgets every cached grant (a client or a grant changed somewhere). */
  clearCache(): void {
    this.grants.clear();
  }

  /** POST /oauth/token, grant_type=client_credentials. */
  async issueToken(input: {
    clientId: string;
    clientSecret: string;
    scope?: string | null;
  }): Promise<TokenResponse> {
    const client = await this.prisma.machineClient.findUnique({
      where: { clientId: input.clientId },
    });
    const secretOk =
      client !== null && hashesEqual(client.secretHash, sha256Hex(input.clientSecret));
    if (!client || !secretOk || client.revokedAt) {
      throw new UnauthenticatedError('invalid_client', 'The client credentials are not valid.');
    }
    const requested = input.scope?.trim() ? input.scope.trim().split(/\s+/) : client.scopes;
    const refused = requested.filter((s) => !client.scopes.includes(s));
    if (refused.length)
      throw new BadRequestError(
        'invalid_scope',
        `Scopes not granted to this client: ${refused.join(', ')}`,
      );
    const scope = requested.join(' ');
    const expiresIn = this.config.tokenTtlSeconds;
    const accessToken = await new SignJWT({ scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(this.config.issuer)
      .setAudience(AUDIENCE)
      .setSubject(client.clientId)
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .setJti(randomUUID())
      .sign(this.signingKey);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, scope };
  }

  /** The client and its scopes, or null when the token is not a valid machine token. */
  async verify(token: string): Promise<{ grant: MachineGrant; scopes: Set<string> } | null> {
    const payload = await this.verifySignature(token);
    if (!payload) return null;
    const clientId = clientIdOf(payload);
    const grant = clientId ? await this.loadGrant(clientId) : null;
    return grant ? { grant, scopes: scopesOf(payload) } : null;
  }

  /**
   * Forgets the cached grant of a client, so a revocation or a grant change takes effect at once on
   * this process (other processes: docs/operations.md#caches-and-debounced-events; the TTL is the safety net).
   */
  invalidate(clientId: string): void {
    this.grants.delete(clientId);
  }

  /** A token without `exp` would be valid for ever: refused, whoever issued it. */
  private async verifySignature(token: string): Promise<JWTPayload | null> {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return null;
    }
    try {
      if (issuer === this.config.issuer) {
        return (
          await jwtVerify(token, this.signingKey, {
            issuer,
            audience: AUDIENCE,
            algorithms: ['HS256'],
            requiredClaims: ['exp'],
          })
        ).payload;
      }
      const external = this.config.external;
      if (external && this.jwks && issuer === external.issuer) {
        return (
          await jwtVerify(token, this.jwks, {
            issuer,
            audience: external.audience,
            requiredClaims: ['exp'],
          })
        ).payload;
      }
    } catch {
      return null;
    }
    return null;
  }

  private async loadGrant(clientId: string): Promise<MachineGrant | null> {
    const cached = this.grants.get(clientId);
    if (cached && cached.expires > Date.now()) return cached.grant;
    const client = await this.prisma.machineClient.findUnique({
      where: { clientId },
      include: { grants: true },
    });
    const grant =
      client && !client.revokedAt
        ? {
            clientId,
            accountIds: new Set(
              client.grants.flatMap((g) => (g.accountId === null ? [] : [g.accountId])),
            ),
            organisationIds: new Set(
              client.grants.flatMap((g) => (g.organisationId === null ? [] : [g.organisationId])),
            ),
          }
        : null;
    this.grants.set(clientId, { grant, expires: Date.now() + this.cacheMs });
    return grant;
  }
}

/** Our tokens carry the client id in `sub`; Auth0 puts it in `azp` (and `sub` = `<id>@clients`). */
function clientIdOf(payload: JWTPayload): string | undefined {
  const azp = payload.azp ?? payload.client_id;
  if (typeof azp === 'string') return azp;
  return payload.sub?.replace(/@clients$/, '');
}

function scopesOf(payload: JWTPayload): Set<string> {
  const scope = typeof payload.scope === 'string' ? payload.scope.split(/\s+/) : [];
  const permissions = Array.isArray(payload.permissions)
    ? payload.permissions.filter((p) => typeof p === 'string')
    : [];
  return new Set([...scope, ...permissions].filter(Boolean));
}
