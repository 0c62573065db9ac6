import { defineConfig } from 'vitest/config';
import { compileCacheEnv } from './sandbox/harness/compile-cache.ts';

// Workers and every Node process the tests start (Paper Trail, relays, learner programs)
// reuse compiled code between starts; see compile-cache.ts.
Object.assign(process.env, compileCacheEnv(process.env));

// Browser tests drive real Chromium against a real server; they run one file at a time. Two
// at a time was faster on an idle box (486 s against 571 s) but under load the site test's
// concurrent axe passes each ran past their 120 s limit, so it is not kept.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // Stops at once, naming it, when Chromium or a Node the tests need is missing.
    globalSetup: ['tests/setup/browser-preconditions.ts'],
    // The site test's concurrent pages (axe passes, mostly): two at a time on a 2-core box
    // took 101 s, three 112 s, vitest's default of five 162 s.
    maxConcurrency: 2,
  },
});
