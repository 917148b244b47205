import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 17 ships a `development` build that Vite would pick for our files while Node loads
    // the regular one for Pothos and Yoga: two graphql modules and "another realm" errors.
    // Pin our imports to the one Node resolves.
    alias: [
      {
        find: /^graphql$/,
        replacement: require.resolve('graphql').replace(/index\.js$/, 'index.mjs'),
      },
    ],
  },
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts'],
    // The fault tests and the browser tests have their own runs (npm run test:faults, test:browser).
    exclude: [...configDefaults.exclude, 'test/faults/**', 'test/browser/**'],
    globalSetup: ['test/setup/global-setup.ts'],
    setupFiles: ['test/setup/trust-test-ca.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // 2 cores: more parallel files only add contention.
    maxWorkers: 2,
  },
});
