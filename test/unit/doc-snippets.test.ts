// The guides' code a newcomer copies must work: the webhook signature check of
// docs/webhooks.md#verifying-a-signature accepts what the service signs (one secret, or two during
// a rotation) and nothing else.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sign, signatureHeader } from '../../src/webhooks/signature.ts';

const WEBHOOKS_GUIDE = new URL('../../docs/webhooks.md', import.meta.url);

async function guideModule(marker: string): Promise<Record<string, unknown>> {
  const text = await fs.readFile(WEBHOOKS_GUIDE, 'utf8');
  const block = [...text.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((code) => code.includes(marker));
  expect(block, `a js block of docs/webhooks.md with ${marker}`).toBeDefined();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'doc-snippet-')), 'snippet.mjs');
  await fs.writeFile(file, block!);
  return import(pathToFileURL(file).href);
}

describe("the guides' snippets", () => {
  it("verifySignature accepts the service's signatures and refuses anything else", async () => {
    const { verifySignature } = (await guideModule('export function verifySignature')) as {
      verifySignature: (s: string, b: string | Buffer, h: unknown) => boolean;
    };
    const body = JSON.stringify({
      eventId: 'evt_1',
      type: 'webhook.test',
      data: { test: {} },
      note: 'é',
    });
    const secret = 'whsec_q3Vf8oXn2LkR7tYb1MzWc5HdJ0pAsE9gUiN4vKxQ6Ty';
    expect(verifySignature(secret, body, sign(secret, body))).toBe(true);
    expect(verifySignature(secret, Buffer.from(body), sign(secret, body))).toBe(true);
    expect(verifySignature(secret, body, signatureHeader(['whsec_new', secret], body))).toBe(true);
    expect(verifySignature('whsec_wrong', body, sign(secret, body))).toBe(false);
    expect(verifySignature(secret, `${body} `, sign(secret, body))).toBe(false);
    expect(verifySignature(secret, body, undefined)).toBe(false);
  });
});
