// The service's master secret: SECRET_KEY in production; elsewhere a random key created once in
// DATA_DIR, so a newcomer needs no setup and restarts keep tokens and webhook secrets valid.
// Purpose-specific keys are derived from it with HKDF, so one leaked sub-key reveals nothing else.
import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Keys {
  /** HS256 key of the built-in OAuth issuer. */
  tokenSigning: Uint8Array;
  /** AES-256-GCM key for webhook signing secrets at rest. */
  secretEncryption: Buffer;
  /** AES-256-GCM key for the stored answers of idempotency keys (an API key or whsec_ secret may be in one). */
  answerEncryption: Buffer;
}

export async function loadKeys(config: Config): Promise<Keys> {
  const master = config.secretKey ?? (await readOrCreateDevKey(config.dataDir));
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', master, 'trips-service', purpose, 32));
  return {
    tokenSigning: new Uint8Array(derive('oauth-token-signing')),
    secretEncryption: derive('webhook-secret-encryption'),
    answerEncryption: derive('idempotency-answer-encryption'),
  };
}

async function readOrCreateDevKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secret-key');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    // `wx`: if another process created it first, keep theirs.
    await fs.writeFile(file, key, { mode: 0o600, flag: 'wx' }).catch(() => {});
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
