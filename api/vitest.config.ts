import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Node loads graphql's CommonJS entry for our code and for every dependency (Apollo,
  // type-graphql); Vite would pick its .mjs entry for our code, a second copy whose classes
  // (GraphQLSchema, GraphQLError) fail instanceof checks against the first.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-support/vitest-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for something to happen (a Redis SUBSCRIBE confirmed, an event delivered), not for
    // it to happen fast: CI's busy 2-core machine has held a test's thread for over 2 s.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
  },
});
