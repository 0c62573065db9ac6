// The learner's program must not read the environment of whoever runs it (the harness, the
// dev server, a CI job with its tokens) through /proc/<pid>/environ. In its PID namespace it
// sees its own processes only, whose environment is the short one it was given; the harness
// is out of its sight. Without a namespace the README keeps its warning.
import { afterEach, describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { fixture } from './cli.ts';

const SECRET = 'MCPW_TEST_PROC_SECRET';

afterEach(() => {
  delete process.env[SECRET];
});

describe('the /proc a learner program sees', () => {
  it('holds no environment of the harness that runs it', async () => {
    process.env[SECRET] = 'do-not-leak';
    let stdout = '';
    await runExercise(
      {
        exercise: 'raw-client',
        mode: 'run',
        workspace: fixture('reads-environ'),
        timeoutMs: 10_000,
        checks,
      },
      (event) => {
        if (event.type === 'stdout') stdout += event.text;
      },
    );
    const seen = stdout.split('\n').filter((l) => l.startsWith('SEEN '));
    // It did read something: its own environment at the least.
    expect(seen.some((l) => l.startsWith('SEEN PATH='))).toBe(true);
    expect(seen.filter((l) => l.includes(SECRET))).toEqual([]);
    expect(seen.filter((l) => l.includes('VITEST'))).toEqual([]);
  });
});
