// Where the answers of idempotency keys live: the table idempotency_keys, one row a key of a
// caller in an account, with the fingerprint of the request it answered and the answer itself
// (its body encrypted: the answer to POST /api-keys holds the key, a webhook endpoint's its
// secret). Every function here runs in the transaction of the request it guards.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Actor } from '../auth/actor.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import type { Answer } from './idempotency.rules.ts';

/** Whose key: the account, and the API key or machine client (with its agent) that sent it. */
export interface KeyScope {
  accountId: number;
  caller: string;
  key: string;
}

export function scopeOf(actor: Actor, key: string): KeyScope {
  const caller =
    actor.via === 'apiKey' ? `ak:${actor.apiKeyId}` : `mc:${actor.clientId}:${actor.agentId}`;
  return { accountId: actor.accountId, caller, key };
}

/**
 * The key's lock for the rest of the transaction, or false when another transaction holds it (its
 * request still runs). An advisory lock, not a row: a process killed mid-request leaves nothing
 * behind, as PostgreSQL releases it with the connection.
 */
export async function lockKey(tx: Prisma.TransactionClient, scope: KeyScope): Promise<boolean> {
  const [row] = await tx.$queryRawUnsafe<Array<{ locked: boolean }>>(
    'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked',
    `idempotency:${scope.accountId}:${scope.caller}:${scope.key}`,
  );
  return row?.locked === true;
}

/** The stored answer of the key and the fingerprint of its request, unless expired. */
export async function findAnswer(
  tx: Prisma.TransactionClient,
  scope: KeyScope,
  now: Date,
  secret: Buffer,
): Promise<{ fingerprint: string; answer: Answer } | undefined> {
  const row = await tx.idempotencyKey.findUnique({ where: { accountId_caller_key: scope } });
  if (!row || row.expiresAt <= now) return undefined;
  return {
    fingerprint: row.fingerprint,
    answer: {
      status: row.status,
      headers: row.headers as Array<[string, string]>,
      body: decrypt(secret, row.body),
    },
  };
}

/** Stores the answer (replacing an expired one of the same key). */
export async function storeAnswer(
  tx: Prisma.TransactionClient,
  scope: KeyScope,
  fingerprint: string,
  answer: Answer,
  times: { now: Date; expiresAt: Date },
  secret: Buffer,
): Promise<void> {
  const data = {
    fingerprint,
    status: answer.status,
    headers: answer.headers,
    body: encrypt(secret, answer.body),
    createdAt: times.now,
    expiresAt: times.expiresAt,
  };
  await tx.idempotencyKey.upsert({
    where: { accountId_caller_key: scope },
    create: { ...scope, ...data },
    update: data,
  });
}

/** Erases the answers kept past their 24 hours; how many. */
export async function purgeExpiredAnswers(prisma: PrismaClient, now: Date): Promise<number> {
  const { count } = await prisma.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** AES-256-GCM: the 12-byte IV, the 16-byte tag, then the ciphertext. */
function encrypt(secret: Buffer, plain: Uint8Array): Uint8Array<ArrayBuffer> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), ciphertext]));
}

function decrypt(secret: Buffer, stored: Uint8Array): Uint8Array {
  const bytes = Buffer.from(stored);
  const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}
