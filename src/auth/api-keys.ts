// `ak_` API keys: created once (the plain key is returned and never stored), looked up by their
// 8-character prefix, verified by constant-time comparison of SHA-256 hashes. Lookups are cached
// in memory: one query less per request. A change made through this process (a revocation) drops
// the entries it concerns at once (`invalidate`); a change to a key, its agent's membership or its
// account clears the cache of every process at once (auth-changes.ts); the TTL is the safety net.
import { DURATIONS } from '../config/constants.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { ValidationError } from '../errors.ts';
import type { Plan, Role } from '../generated/prisma/enums.ts';
import { hashesEqual, randomBase62, sha256Hex } from './tokens.ts';

export const API_KEY_PATTERN = /^ak_[A-Za-z0-9]{32,128}$/;
const PREFIX_LENGTH = 8;
const CACHE_MAX_ENTRIES = 10_000;

export interface ApiKeyIdentity {
  apiKeyId: number;
  agentId: number;
  accountId: number;
  organisationId: number | null;
  plan: Plan;
  role: Role;
}

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `ak_${randomBase62(40)}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: sha256Hex(key) };
}

export async function createApiKey(
  prisma: Pick<PrismaClient, 'apiKey'>,
  input: { agentId: number; accountId: number; name?: string },
): Promise<{ key: string; prefix: string; id: number }> {
  const { key, prefix, hash } = generateApiKey();
  const row = await prisma.apiKey.create({ data: { ...input, prefix, hash } });
  return { key, prefix, id: row.id };
}

/** A new key of an agent in an account it is a member of (POST /api-keys, the admin command line). */
export async function createKey(
  prisma: PrismaClient,
  input: { agentId: number; accountId: number; name?: string },
) {
  const member = await prisma.membership.findUnique({
    where: { agentId_accountId: { agentId: input.agentId, accountId: input.accountId } },
  });
  if (!member)
    throw new ValidationError({
      agentId: [`Agent ${input.agentId} is not a member of account ${input.accountId}.`],
    });
  const key = await createApiKey(prisma, input);
  return {
    apiKey: key.key,
    prefix: key.prefix,
    keyId: key.id,
    agentId: input.agentId,
    accountId: input.accountId,
  };
}

/** Which cached lookups to drop: those of one key, of an agent (in an account), or of an account. */
export interface ApiKeyCacheTarget {
  apiKeyId?: number;
  agentId?: number;
  accountId?: number;
}

/** A key row as found, even when its agent is no longer a member (so the entry can be invalidated). */
interface KeyRef {
  apiKeyId: number;
  agentId: number;
  accountId: number;
}

interface CacheEntry {
  identity: ApiKeyIdentity | null;
  /** The key row, when there is one: unknown keys have none. */
  ref: KeyRef | undefined;
  expires: number;
}

export class ApiKeyVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly prisma: PrismaClient;
  private readonly now: () => number;
  private readonly cacheMs: number;

  constructor(
    prisma: PrismaClient,
    now: () => number = Date.now,
    cacheMs: number = DURATIONS.apiKeyCacheMs,
  ) {
    this.prisma = prisma;
    this.now = now;
    this.cacheMs = cacheMs;
  }

  /** Forgets every cached lookup (a key, membership or account changed somewhere). */
  clearCache(): void {
    this.cache.clear();
  }

  /** The key's identity, or null when the key is unknown, revoked or malformed. */
  async verify(key: string): Promise<ApiKeyIdentity | null> {
    if (!API_KEY_PATTERN.test(key)) return null;
    const hash = sha256Hex(key);
    const cached = this.cache.get(hash);
    if (cached && cached.expires > this.now()) return cached.identity;
    const entry = await this.lookup(key.slice(0, PREFIX_LENGTH), hash);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(hash, entry);
    return entry.identity;
  }

  /**
   * Drops the cached lookups of `target` (every given field must match; `{}` drops them all), so a
   * revocation, or a role or membership change, takes effect on this process at once.
   */
  invalidate(target: ApiKeyCacheTarget): void {
    for (const [hash, { ref }] of this.cache) {
      const matches =
        ref !== undefined &&
        (target.apiKeyId === undefined || ref.apiKeyId === target.apiKeyId) &&
        (target.agentId === undefined || ref.agentId === target.agentId) &&
        (target.accountId === undefined || ref.accountId === target.accountId);
      if (matches || Object.keys(target).length === 0) this.cache.delete(hash);
    }
  }

  private async lookup(prefix: string, hash: string): Promise<CacheEntry> {
    // The key acts with its agent's current role in the key's account: a removed membership
    // disables the key as surely as a revocation (role is null then).
    const rows = await this.prisma.$queryRaw<
      Array<{
        id: number;
        hash: string;
        agent_id: number;
        account_id: number;
        organisation_id: number | null;
        plan: Plan;
        role: Role | null;
      }>
    >`
      SELECT k.id, k.hash, k.agent_id, k.account_id, acc.organisation_id, acc.plan::text AS plan, m.role::text AS role
      FROM api_keys k
      LEFT JOIN memberships m ON m.agent_id = k.agent_id AND m.account_id = k.account_id
      JOIN accounts acc ON acc.id = k.account_id
      WHERE k.prefix = ${prefix} AND k.revoked_at IS NULL`;
    const expires = this.now() + this.cacheMs;
    const match = rows.find((row) => hashesEqual(row.hash, hash));
    if (!match) return { identity: null, ref: undefined, expires };
    const ref = { apiKeyId: match.id, agentId: match.agent_id, accountId: match.account_id };
    const identity =
      match.role === null
        ? null
        : { ...ref, organisationId: match.organisation_id, plan: match.plan, role: match.role };
    return { identity, ref, expires };
  }
}
