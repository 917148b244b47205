// Writes openapi.json (committed, the API reference a clone can read without running anything;
// test/integration/openapi-file.test.ts fails when it is stale). The servers are those of a
// default `npm start`; GET /openapi.json serves the same document with the configured URLs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAINS } from '../domains.ts';
import { buildOpenApiDocument } from './document.ts';

export const DOCUMENT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../openapi.json',
);

export function printedDocument(): string {
  const document = buildOpenApiDocument(DOMAINS, {
    apiUrl: 'http://localhost:3000',
    aiUrl: 'http://localhost:3001',
    mockUrl: 'http://localhost:4010',
  });
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(DOCUMENT_FILE, printedDocument());
  console.log(`wrote ${path.relative(process.cwd(), DOCUMENT_FILE)}`);
}
