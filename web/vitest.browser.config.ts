import { defineConfig } from 'vitest/config';

// Real-browser scenarios: each file starts the built API (which serves web/dist) and drives
// headless Chromium against it, so they run one at a time in a node environment.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.browser.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a page shows after an action (a mutation, then a re-render) can take seconds on a busy 2-core
    // machine; expect.poll's 1 s default made such checks fail there although the page was right.
    expect: { poll: { timeout: 15_000 } },
  },
});
