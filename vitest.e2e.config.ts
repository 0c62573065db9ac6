import { defineConfig } from 'vitest/config';

// Browser tests drive real Chromium against a real server; they run one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
