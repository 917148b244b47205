// Signing secrets: `whsec_` plus 32 random bytes, shown once at creation (or rotation). The
// service must sign with them, so they are stored encrypted (AES-256-GCM, key from the
// configuration), not hashed.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; the version names the scheme for future rotation. */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('Unknown secret format.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
