// Writes schema.graphql (committed; test/integration/schema-file.test.ts fails when it is stale).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { DOMAINS } from '../domains.ts';
import { buildSchema } from './schema.ts';

const schema = await buildSchema(DOMAINS);

export const SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../schema.graphql',
);

export function printedSchema(): string {
  return `${printSchema(schema)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SCHEMA_FILE, printedSchema());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
