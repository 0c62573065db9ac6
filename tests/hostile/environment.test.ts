// Learner code runs with a short, fixed environment, not with whatever the dev server, the
// workshop or a CI job had (tokens, settings): only what a program needs to find its tools.
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runExercise } from '../../sandbox/harness/run.ts';
import { checks } from '../../sandbox/course/exercise-checks.ts';

const DIR = fileURLToPath(new URL('./fixtures/env-dump/', import.meta.url));
const SECRET = 'MCPW_TEST_SECRET_TOKEN';

afterEach(() => {
  delete process.env[SECRET];
});

describe('the environment of learner code', () => {
  it('holds PATH and HOME but none of the harness own variables', async () => {
    process.env[SECRET] = 'do-not-leak';
    let stdout = '';
    await runExercise(
      { exercise: 'raw-client', mode: 'run', workspace: DIR, timeoutMs: 10_000, checks },
      (event) => {
        if (event.type === 'stdout') stdout += event.text;
      },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('ENV '));
    expect(line, stdout).toBeDefined();
    const names = JSON.parse(line!.slice(4)) as string[];
    expect(names).toContain('PATH');
    expect(names).not.toContain(SECRET);
    expect(names).not.toContain('NODE_OPTIONS');
    expect(names).not.toContain('VITEST');
    // Only the short list, plus the run's own marker (which lets the harness find strays) and
    // where Node keeps compiled code (harness/compile-cache.ts: a folder, not a secret).
    const allowed =
      /^(HOME|LOGNAME|PATH|SHELL|TERM|USER|LANG|TZ|TMPDIR|MCPW_RUN|NODE_COMPILE_CACHE)$/;
    expect(names.filter((n) => !allowed.test(n))).toEqual([]);
  });
});
