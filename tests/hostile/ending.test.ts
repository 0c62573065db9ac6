// The CLI\'s part: `exercise check` and `exercise run` say how the run
// ended (timeout with its limit, output limit, crash with its exit code, harness error) in one
// line before the verdict, instead of leaving the learner to guess it from failed checks.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, checkDir, fixture } from './cli.ts';

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

  it('a harness error, on stderr with exit 3 (check)', () => {
    const r = checkDir('stdout-is-the-wire', fixture('damaged-record'), '--timeout-ms', '15000');
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/^run ended: harness error: /m);
    expect(r.out).toBe('');
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
