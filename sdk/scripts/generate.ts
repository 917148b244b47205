// Generates the SDK's types from the repository's openapi.json with openapi-typescript:
// `node sdk/scripts/generate.ts [output]` (default sdk/src/generated/openapi.ts; the root's
// `npm run sdk:generate`). test/sdk/generated-types.test.ts runs it to a temporary file and
// compares. The flags:
// - --default-non-nullable=false: a property with a default stays optional (a request may leave
//   it out: the AI import's `isTemplate`);
// - --empty-objects-unknown: an object schema without properties takes any members (a
//   configuration merge patch), not none.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(sdkRoot, '..');
const cli = path.join(
  path.dirname(
    createRequire(path.join(sdkRoot, 'package.json')).resolve('openapi-typescript/package.json'),
  ),
  'bin/cli.js',
);
const output = path.resolve(process.argv[2] ?? path.join(sdkRoot, 'src/generated/openapi.ts'));

execFileSync(
  process.execPath,
  [
    cli,
    path.join(repoRoot, 'openapi.json'),
    '--output',
    output,
    '--default-non-nullable=false',
    '--empty-objects-unknown',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
