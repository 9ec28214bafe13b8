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
  },
});
