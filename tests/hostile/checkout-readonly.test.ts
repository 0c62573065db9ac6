// The learner's program must not change the course's checkout (its sources, its exercises,
// other runs' work folders): in its namespace the checkout is read-only to it, its own work
// folder aside, whichever way it names a path. Without a namespace (macOS, MCPW_CONTAINMENT=off)
// the README keeps its warning.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { fixture, ROOT } from './cli.ts';

describe('the checkout, as a learner program sees it', () => {
  it('is read-only but for the program’s own work folder', async () => {
    let stdout = '';
    const summary = await runExercise(
      {
        exercise: 'raw-client',
        mode: 'run',
        workspace: fixture('writes-checkout'),
        timeoutMs: 10_000,
        checks,
      },
      (event) => {
        if (event.type === 'stdout') stdout += event.text;
      },
    );
    const lines = stdout.split('\n').filter((l) => /^(WROTE|REFUSED) /.test(l));
    const wrote = lines.filter((l) => l.startsWith('WROTE ')).map((l) => l.slice(6));
    // Whatever got through is removed before anything is asserted.
    for (const path of wrote) if (!path.includes('/.workspaces/')) rmSync(path, { force: true });
    expect(summary.verdict, stdout).toBe('completed');
    expect(lines).toHaveLength(3);
    const outside = lines.filter((l) => !l.includes('/.workspaces/'));
    expect(outside).toHaveLength(2);
    for (const line of outside) {
      expect(line).toMatch(
        new RegExp(`^REFUSED ${join(ROOT, 'mcpw-hostile-checkout-')}\\S+ EROFS$`),
      );
    }
    expect(lines.filter((l) => l.includes('/.workspaces/'))).toEqual([
      expect.stringMatching(/^WROTE .*\/\.workspaces\/raw-client-\d+\/own-mcpw-hostile-checkout-/),
    ]);
  });
});
