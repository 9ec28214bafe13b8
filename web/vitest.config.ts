import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A test that opens a lazy page and waits up to 5 s for its elements (test/setup.ts) outlasts vitest's
    // 5 s default on a busy 2-core machine; a real hang still fails.
    testTimeout: 20_000,
  },
});
