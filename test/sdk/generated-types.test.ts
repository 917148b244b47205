// The SDK's types (sdk/src/generated/openapi.ts) are generated from openapi.json by
// openapi-typescript: a change to the document without `npm run sdk:generate` fails here, since a
// fresh generation must give the committed file byte for byte.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/processes.ts';

it('sdk/src/generated/openapi.ts is what openapi-typescript makes of openapi.json today', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sdk-types-'));
  try {
    const fresh = path.join(dir, 'openapi.ts');
    // The generator as `npm run sdk:generate` runs it, with its flags, to a temporary file.
    await promisify(execFile)(process.execPath, ['sdk/scripts/generate.ts', fresh], {
      cwd: REPO_ROOT,
    });
    const committed = await fs.readFile(
      path.join(REPO_ROOT, 'sdk/src/generated/openapi.ts'),
      'utf8',
    );
    expect(
      committed === (await fs.readFile(fresh, 'utf8')),
      'openapi.json changed: run `npm run sdk:generate` and commit sdk/src/generated/openapi.ts',
    ).toBe(true);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}, 120_000);
