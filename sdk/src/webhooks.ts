// Webhook signatures: each delivery carries `X-Service-Signature-256: sha256=<hex>`, the HMAC-SHA256
// of the raw body keyed with the endpoint's `whsec_` signing secret. During a secret rotation the
// service signs with both secrets and the header holds both signatures, comma-separated.
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Whether `signatureHeader` holds a valid signature of `rawBody` by one of `secrets` (pass the old
 * and the new secret during a rotation). `rawBody` must be the body exactly as received, before
 * any JSON parsing. Every signature is compared with every secret in constant time, so the time
 * taken says nothing of which part matched.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secrets: string | readonly string[],
): boolean {
  if (!signatureHeader) return false;
  const received = signatureHeader
    .split(',')
    .map((part) => SIGNATURE.exec(part.trim())?.[1])
    .filter((hex): hex is string => hex !== undefined)
    .map((hex) => Buffer.from(hex, 'hex'));
  let valid = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    for (const signature of received) valid = timingSafeEqual(expected, signature) || valid;
  }
  return valid;
}
