// `prisma generate` without network access: the CLI wants a schema-engine binary it would
// download, although generating the client never runs it. Any existing file satisfies the check.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
};
const result = spawnSync('npx', ['prisma', 'generate', '--config', '.config/prisma.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
