import { defineConfig } from 'vitest/config';
import { compileCacheEnv } from './sandbox/harness/compile-cache.ts';

// Workers and every Node process the tests start (Paper Trail, relays, learner programs)
// reuse compiled code between starts; see compile-cache.ts.
Object.assign(process.env, compileCacheEnv(process.env));

export default defineConfig({
  test: {
    // An exercise's fixture table sits in its folder, in its lesson's.
    include: ['tests/**/*.test.ts', 'lessons/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Many tests spawn real Node processes; two cores cannot run dozens at once.
    maxWorkers: 2,
    // Stops at once when the machine lacks a precondition; builds dist/ once for the tests
    // that read built pages; fails the run if any test left a process of this checkout running.
    globalSetup: [
      'tests/setup/preconditions.ts',
      'tests/setup/built-site.ts',
      'tests/setup/no-leftovers.ts',
    ],
    // The usual report, then "hostile: N cases, M held" over every test in tests/hostile/.
    reporters: ['default', './tests/setup/hostile-tally.ts'],
  },
});
