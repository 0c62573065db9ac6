// A learner's own command (--cmd) is held as a node program is: a Python program that hangs
// and ignores SIGTERM is stopped at the time limit, and a child it forks into a session of
// its own, which outlives it, is found and ended, and the run says so. Nothing of either run
// may be left running (found by the mark in their command lines, not by process group).
import { afterEach, describe, expect, it } from 'vitest';
import { checkDirWith, fixture } from './cli.ts';
import { killAll, running, waitFor, withMarker, type Proc } from './procs.ts';

const MARK = 'mcpw-hostile-python';

/** Gives the kills a moment to land; returns what of the runs still runs after that. */
function settle(): Promise<Proc[]> {
  const left = () => withMarker(MARK).filter(running);
  return waitFor(
    'the Python processes to end',
    () => (left().length === 0 ? [] : null),
    2000,
  ).catch(() => left());
}

afterEach(() => killAll(withMarker(MARK)));

// With the PID namespace, and without it (macOS, a Linux that refuses namespaces): there the
// process group and the search for strays must hold the command's processes alone.
describe.each([
  ['in its namespace', {}],
  ['without a namespace', { MCPW_CONTAINMENT: 'off' }],
])('a Python program run with --cmd, %s', (_where, env) => {
  it('that hangs, deaf to SIGTERM, is stopped at the time limit and leaves nothing', async () => {
    const started = Date.now();
    const r = checkDirWith(
      env,
      'raw-client',
      fixture('python-hangs'),
      '--cmd',
      'python3 client.py',
      '--timeout-ms',
      '2500',
    );
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/run ended: timeout: stopped at the time limit of 2\.5 s/);
    // The hang's likeliest cause outside Node is said too.
    expect(r.err).toMatch(/note: your program ran as your own command.*flush/);
    expect(Date.now() - started).toBeLessThan(2500 + 15_000);
    expect(await settle()).toEqual([]);
  });

  it('that forks a child which outlives it has the child ended, and says so', async () => {
    const r = checkDirWith(
      env,
      'raw-client',
      fixture('python-forks'),
      '--cmd',
      'python3 client.py',
      '--timeout-ms',
      '5000',
    );
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/note: 1 process that your program started still ran when the run ended/);
    expect(await settle()).toEqual([]);
  });
});
