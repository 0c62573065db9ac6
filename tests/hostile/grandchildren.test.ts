// processes that leave the program's process group (detached, in a
// session of their own, ignoring SIGTERM) must not outlive the run, and the run says how
// many it had to kill. Survivors are looked for by parent chain and by the mark in their
// command line, never by process group, which is exactly what they left.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { CLI, ROOT, checkDir, fixture } from './cli.ts';
import { descendantsOf, killAll, running, waitFor, withMarker, type Proc } from './procs.ts';

const STRAYS = fixture('detached-grandchild');
const STRAYS_HANG = fixture('detached-grandchild-hang');
const MARK = 'mcpw-hostile-stray';

/** What of the run still runs: marked processes, and anything below this test's process. */
function survivors(): Proc[] {
  const below = descendantsOf(process.pid).filter((p) => p.state !== 'Z');
  return [...withMarker(MARK), ...below].filter(running);
}

/** Gives the kills a moment to land; returns what still runs after that. */
function settle(): Promise<Proc[]> {
  return waitFor('the strays to end', () => (survivors().length === 0 ? [] : null), 2000).catch(
    () => survivors(),
  );
}

afterEach(() => killAll(withMarker(MARK)));

describe('processes that left the process group', () => {
  it('are ended by runExercise, which reports how many', async () => {
    expect(withMarker(MARK), 'strays of an earlier run').toEqual([]);
    let done: HarnessEvent | undefined;
    const summary = await runExercise(
      { exercise: 'raw-client', mode: 'check', workspace: STRAYS, timeoutMs: 3000, checks },
      (e) => {
        if (e.type === 'done') done = e;
      },
    );
    expect(summary.verdict).toBe('completed');
    expect(await settle()).toEqual([]);
    expect(summary.killed).toBe(2);
    expect(done).toMatchObject({ type: 'done', killed: 2 });
  });

  it('are ended by the CLI, which says so', async () => {
    const r = checkDir('raw-client', STRAYS, '--timeout-ms', '3000');
    expect(r.code, r.err).toBe(1);
    expect(await settle()).toEqual([]);
    expect(r.err).toMatch(/note: 2 processes that your program started still ran/);
  });

  it('are ended when the run hits its time limit', async () => {
    const r = checkDir('raw-client', STRAYS_HANG, '--timeout-ms', '1500');
    expect(r.code, r.err).toBe(1);
    expect(await settle()).toEqual([]);
    expect(r.err).toMatch(/note: 2 processes/);
  });

  it('are ended when Ctrl-C stops the CLI', async () => {
    const cli = spawn(
      process.execPath,
      [CLI, 'check', 'raw-client', '--dir', STRAYS_HANG, '--timeout-ms', '20000'],
      { cwd: ROOT, stdio: 'ignore' },
    );
    const exited = new Promise((r) => cli.once('exit', r));
    try {
      await waitFor('both strays', () => withMarker(MARK).length === 2, 15_000);
      cli.kill('SIGINT');
      await exited;
      expect(cli.exitCode).toBe(130);
      expect(await settle()).toEqual([]);
    } finally {
      cli.kill('SIGKILL');
    }
  });
});
