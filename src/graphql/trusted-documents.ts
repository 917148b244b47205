// Trusted documents (docs/graphql.md#trusted-documents): the front-ends' operations, written as
// `.graphql` files under documents/, printed by `npm run documents:print` into
// trusted-documents.json, a map of each document's SHA-256 (hex) to its text, the format of
// GraphQL Codegen's and Hive's persisted-document manifests. A client names one by
// `{"documentId": "sha256:<hex>"}` (GraphQL over HTTP) or by Apollo's persisted-query extension
// `{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "<hex>"}}}`. Each is prepared
// once, when the service starts: parsed, validated and compiled as the REST operations are.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, print, type GraphQLSchema } from 'graphql';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config/config.ts';
import { prepareTrustedDocument, type PreparedDocument } from './prepared-document.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOCUMENTS_DIR = path.join(ROOT, 'documents');
export const MANIFEST_FILE = path.join(ROOT, 'trusted-documents.json');

const DOCUMENT_ID = /^sha256:([0-9a-f]{64})$/;

/** The hash a client sends: SHA-256 of the document's text, in hex. */
export const documentHash = (document: string) =>
  createHash('sha256').update(document).digest('hex');

/**
 * The manifest the `.graphql` files under `dir` make: each document printed by graphql-js (its
 * comments and layout dropped), so the text is the one Apollo Client's persisted-query link
 * hashes for the same document.
 */
export function manifestOf(dir = DOCUMENTS_DIR): Record<string, string> {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .sort();
  const manifest: Record<string, string> = {};
  for (const file of files) {
    const document = print(parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    manifest[documentHash(document)] = document;
  }
  return manifest;
}

export const readManifest = (file = MANIFEST_FILE): Record<string, string> =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;

/** The text of a document under documents/, for a page of this service that runs it in-process. */
export const documentSource = (file: string) =>
  fs.readFileSync(path.join(DOCUMENTS_DIR, file), 'utf8');

/** The id a client names a document under documents/ by (`sha256:<hex>`). */
export const documentIdOfFile = (file: string) =>
  `sha256:${documentHash(print(parse(documentSource(file))))}`;

/** The hash a request names, or null when it names none (it sends a query, or nothing). */
export function documentIdOf(params: {
  documentId?: unknown;
  extensions?: unknown;
}): string | null {
  if (params.documentId != null) {
    const id = String(params.documentId);
    // A malformed id names no document: it is answered as an unknown one, with its form.
    return DOCUMENT_ID.exec(id)?.[1] ?? id;
  }
  const persisted = (params.extensions as { persistedQuery?: unknown } | null | undefined)
    ?.persistedQuery as { version?: unknown; sha256Hash?: unknown } | undefined;
  if (persisted?.version === 1 && typeof persisted.sha256Hash === 'string')
    return persisted.sha256Hash;
  return null;
}

/** May this caller send a document of its own (`query`), or only name a trusted one? */
export function mayRunArbitrary(
  documents: Config['graphql']['documents'],
  actor: Actor | null,
): boolean {
  return (actor ? documents.keyed : documents.anonymous) === 'any';
}

/** The manifest's documents, prepared once, by hash. */
export class TrustedDocuments {
  readonly #byHash = new Map<string, PreparedDocument>();

  constructor(schema: GraphQLSchema, manifest: Record<string, string> = readManifest()) {
    for (const [hash, source] of Object.entries(manifest))
      this.#byHash.set(hash, prepareTrustedDocument(schema, source));
  }

  get(hash: string): PreparedDocument | undefined {
    return this.#byHash.get(hash);
  }

  /** The operations' names (a trusted document always names its operation). */
  names(): string[] {
    return [...this.#byHash.values()].flatMap((document) => (document.name ? [document.name] : []));
  }

  get size(): number {
    return this.#byHash.size;
  }
}
