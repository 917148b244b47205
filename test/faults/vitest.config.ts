// `npm run test:faults`: the fault tests (PostgreSQL going away under load, kill -9 during
// writes, the OpenAPI fuzzer). Slower than `npm test`, so they have their own run; CI runs both.
import { configDefaults, defineConfig } from 'vitest/config';
import base from '../vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/faults/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
