// trusted-documents.json is what the service accepts from callers limited to trusted documents:
// it must be exactly what the .graphql files under documents/ print, and each of its documents
// must prepare (valid against the schema, one operation, compiled by graphql-jit).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedManifest } from '../../src/graphql/print-trusted-documents.ts';
import { DOMAINS } from '../../src/domains.ts';
import { buildSchema } from '../../src/graphql/schema.ts';
import {
  documentHash,
  documentIdOf,
  MANIFEST_FILE,
  readManifest,
  TrustedDocuments,
} from '../../src/graphql/trusted-documents.ts';

const schema = await buildSchema(DOMAINS);

describe('trusted-documents.json', () => {
  it('is what documents/ prints', () => {
    expect(
      fs.readFileSync(MANIFEST_FILE, 'utf8'),
      'trusted-documents.json is stale: run `npm run documents:print` and commit the result',
    ).toBe(printedManifest());
  });

  it('maps the SHA-256 of each document to it, and every document prepares', () => {
    const manifest = readManifest();
    for (const [hash, document] of Object.entries(manifest))
      expect(documentHash(document)).toBe(hash);
    const trusted = new TrustedDocuments(schema, manifest);
    expect(trusted.size).toBe(Object.keys(manifest).length);
    expect(() => new TrustedDocuments(schema, { x: '{ trip(id: 1) { nope } }' })).toThrow(
      /Cannot query field "nope"/,
    );
    expect(
      () =>
        new TrustedDocuments(schema, {
          x: 'query A { status { status } } query B { viewer { clientId } }',
        }),
    ).toThrow(/one operation/);
  });
});

describe('documentIdOf', () => {
  const hash = 'a'.repeat(64);
  it.each([
    [{ documentId: `sha256:${hash}` }, hash],
    [{ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }, hash],
    [{ documentId: 'md5:abc' }, 'md5:abc'],
    [{ extensions: { persistedQuery: { version: 2, sha256Hash: hash } } }, null],
    [{ query: '{ status { status } }' }, null],
  ])('%j names %s', (params, expected) => {
    expect(documentIdOf(params as { documentId?: unknown })).toBe(expected);
  });
});
