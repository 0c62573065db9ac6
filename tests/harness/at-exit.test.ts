// The harness's exit steps: a process that registers many (one per run, several runs at once)
// runs every unreleased one when it exits, the `first` ones first, and Node prints no warning
// about a leak of exit listeners.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const AT_EXIT = fileURLToPath(new URL('../../sandbox/harness/at-exit.ts', import.meta.url));

const PROGRAM = `
import { atExit } from ${JSON.stringify(AT_EXIT)};
const releases = [];
for (let i = 0; i < 30; i++) releases.push(atExit(() => console.log('step ' + i)));
atExit(() => console.log('first'), true);
for (let i = 0; i < 30; i += 2) releases[i]();
atExit(() => { throw new Error('a broken step'); });
atExit(() => console.log('after the broken one'));
`;

describe('atExit', () => {
  it('runs every step not released, first ones first, and warns of no leak', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', PROGRAM], {
      encoding: 'utf8',
    });
    const odd = Array.from({ length: 15 }, (_, k) => `step ${2 * k + 1}`);
    expect(run.stdout.trim().split('\n')).toEqual(['first', ...odd, 'after the broken one']);
    expect(run.stderr).not.toMatch(/MaxListenersExceeded/);
    expect(run.status).toBe(0);
  });
});
