// `npm run test:browser`: /docs and GraphiQL in Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium) against a real test service. Its own run: it needs a browser installed.
import { configDefaults, defineConfig } from 'vitest/config';
import base from '../vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/browser/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
