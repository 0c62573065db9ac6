// The CLI\'s part: `exercise check` and `exercise run` say how the run
// ended (timeout with its limit, output limit, crash with its exit code, harness error) in one
// line before the verdict, instead of leaving the learner to guess it from failed checks.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { exitCodeOf, harnessErrorLine } from '../../sandbox/cli/report.ts';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { CLI, ROOT, checkDir, fixture } from './cli.ts';

const RELAY = [
  process.execPath,
  fileURLToPath(new URL('../../sandbox/tap/relay-main.ts', import.meta.url)),
];

function runDir(id: string, dir: string, ...flags: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'run', id, '--dir', dir, ...flags], {
    encoding: 'utf8',
    cwd: ROOT,
    timeout: 30_000,
    killSignal: 'SIGINT',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the CLI says how the run ended', () => {
  it('a timeout, with its limit, right before the count (check)', () => {
    const r = checkDir('raw-client', fixture('busy-loop'), '--timeout-ms', '1500');
    expect(r.code, r.err).toBe(1);
    const lines = r.out.trimEnd().split('\n');
    expect(lines.at(-2)).toBe('run ended: timeout: stopped at the time limit of 1.5 s.');
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed/);
  });

  it('a crash, with its exit code (run)', () => {
    const r = runDir('raw-client', fixture('exit-3'));
    expect(r.code, r.err).toBe(1);
    expect(r.out.trimEnd().split('\n').at(-1)).toBe(
      'run ended: crashed: your program exited with code 3.',
    );
  });

  it('the output limit (check)', () => {
    const r = checkDir('raw-client', fixture('stdout-flood'), '--timeout-ms', '15000');
    expect(r.code, r.err).toBe(1);
    expect(r.out).toContain(
      'run ended: output limit: stopped for writing more output than the harness records.\n',
    );
  });

  // Learner code cannot damage the record any more (it is the dock's, in the harness's
  // memory): the one run that still can is behind the relay, which only a caller can ask for.
  it('a harness error: its line and exit 3 (check)', async () => {
    const summary = await runExercise(
      {
        exercise: 'stdout-is-the-wire',
        mode: 'check',
        workspace: fixture('damaged-record'),
        relay: RELAY,
        timeoutMs: 15_000,
        checks,
      },
      () => {},
    );
    expect(summary.verdict).toBe('error');
    expect(exitCodeOf(summary)).toBe(3);
    expect(harnessErrorLine(summary)).toMatch(
      /^run ended: harness error: the tap record is damaged/m,
    );
  });

  it('and a program that finished says so (run)', () => {
    const r = spawnSync(process.execPath, [CLI, 'run', 'raw-client', '--solution'], {
      encoding: 'utf8',
      cwd: ROOT,
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    // The program's own output first, as it printed it, then the ending.
    expect(lines.at(-2)).toContain('"order_id":"PT-1041"');
    expect(lines.at(-1)).toBe('run ended: the program finished.');
  });
});
