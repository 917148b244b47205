// Writes trusted-documents.json from the .graphql files under documents/ (committed;
// test/unit/trusted-documents.test.ts fails when it is stale).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_FILE, manifestOf } from './trusted-documents.ts';

export const printedManifest = () => `${JSON.stringify(manifestOf(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(MANIFEST_FILE, printedManifest());
  console.log(`wrote ${path.relative(process.cwd(), MANIFEST_FILE)}`);
}
