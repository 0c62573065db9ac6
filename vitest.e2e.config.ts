import { defineConfig } from 'vitest/config';
import { compileCacheEnv } from './sandbox/harness/compile-cache.ts';

// Workers and every Node process the tests start (Paper Trail, relays, learner programs)
// reuse compiled code between starts; see compile-cache.ts.
Object.assign(process.env, compileCacheEnv(process.env));

// Browser tests drive real Chromium against a real server. Two files at a time: each has a
// browser and a server of its own, and most of a file's time is spent waiting on pages, so
// two overlap well on two cores (measured 486 s against 571 s one at a time).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
  },
});
