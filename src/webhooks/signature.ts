// Delivery signatures (docs/webhooks.md#verifying-a-signature): `sha256=<hex>` of the raw body,
// HMAC-SHA256 keyed with the endpoint's signing secret. During a rotation both secrets sign and
// the header carries both signatures, comma-separated; a receiver accepts any one that matches.
import { createHmac } from 'node:crypto';

export const sign = (secret: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

export const signatureHeader = (secrets: readonly string[], rawBody: string): string =>
  secrets.map((secret) => sign(secret, rawBody)).join(',');
