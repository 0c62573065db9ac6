// Watch mode as a learner starts it: `npm run --silent exercise -- watch raw-client --dir F`,
// a real child process in a process group of its own (a terminal's foreground job). A save
// brings a second verdict; saves during a run bring exactly one more; Ctrl-C (SIGINT to the
// group) ends it and every process its runs started.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cmdline, descendantsOf, killAll, running, waitFor, type Proc } from '../hostile/procs.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXERCISE = exerciseFolderOf('raw-client', ROOT)!.dir;
const SOLUTION = readFileSync(join(EXERCISE, 'solution', 'client.ts'), 'utf8');
/** The solution, slowed before it starts its server: a run long enough to save during. */
const SLOW = `await new Promise((r) => setTimeout(r, 2500));\n${SOLUTION}`;

let child: ChildProcess | null = null;
let seen: Proc[] = [];
let folder = '';

afterEach(() => {
  killAll(seen);
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone, as it should be.
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
  child = null;
  seen = [];
});

/** Starts watch mode on a fresh copy of the starter; `out()` is its stdout so far. */
function startWatch(): { child: ChildProcess; out: () => string; exited: Promise<unknown> } {
  folder = mkdtempSync(join(tmpdir(), 'mcpw-watch-'));
  copyFileSync(join(EXERCISE, 'starter', 'client.ts'), join(folder, 'client.ts'));
  const started = spawn(
    'npm',
    ['run', '--silent', 'exercise', '--', 'watch', 'raw-client', '--dir', folder],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child = started;
  let text = '';
  started.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  started.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise((r) => started.once('exit', r));
  return { child: started, out: () => text, exited };
}

const verdicts = (text: string) => text.match(/^\d+ passed, \d+ failed.*$/gm) ?? [];
const reruns = (text: string) => text.match(/^client\.ts changed: checking again…$/gm) ?? [];

/** Waits until the output holds `n` verdicts, each followed by the watching line. */
function verdictCount(out: () => string, n: number, ms = 60_000) {
  return waitFor(
    `verdict ${n}`,
    () => {
      const text = out();
      const watching = text.match(/^Watching client\.ts for saves \(Ctrl-C stops\)\.$/gm) ?? [];
      return verdicts(text).length >= n && watching.length >= n ? verdicts(text) : null;
    },
    ms,
  );
}

describe('exercise watch', () => {
  it('checks again after a save, queues one run for saves during a run, and Ctrl-C leaves no process', async () => {
    const { child: started, out, exited } = startWatch();
    const pid = started.pid!;

    // The starter, judged at once.
    const first = await verdictCount(out, 1);
    expect(first[0]).toMatch(/^\d+ passed, [1-9]\d* failed/);

    // A save of the learner's file: a second verdict, on the new code.
    writeFileSync(join(folder, 'client.ts'), SOLUTION);
    const second = await verdictCount(out, 2);
    expect(second[1]).toBe('11 passed, 0 failed');
    expect(reruns(out())).toHaveLength(1);

    // A file that is not the exercise's brings no run.
    writeFileSync(join(folder, 'notes.txt'), 'not a file the check reads');

    // A slow save, then two more while it runs: the run under way, and exactly one after it.
    writeFileSync(join(folder, 'client.ts'), SLOW);
    await waitFor('the third run to start', () => reruns(out()).length === 2, 10_000);
    const during = await waitFor(
      'the slowed learner program',
      () => {
        const all = descendantsOf(pid);
        return all.some((p) => /\/\.workspaces\/raw-client-[^/]+\/client\.ts/.test(cmdline(p.pid)))
          ? all
          : null;
      },
      10_000,
    );
    seen.push(...during);
    writeFileSync(join(folder, 'client.ts'), SOLUTION + '\n');
    await new Promise((r) => setTimeout(r, 200));
    writeFileSync(join(folder, 'client.ts'), SOLUTION);
    await verdictCount(out, 4);
    // Quiet for longer than a run takes: no fifth run was queued.
    await new Promise((r) => setTimeout(r, 2500));
    expect(reruns(out())).toHaveLength(3);
    expect(verdicts(out())).toHaveLength(4);
    expect(verdicts(out())[3]).toBe('11 passed, 0 failed');

    // Ctrl-C in the middle of a run: the terminal signals the whole foreground group.
    writeFileSync(join(folder, 'client.ts'), SLOW);
    await waitFor('the last run to start', () => reruns(out()).length === 4, 10_000);
    const last = await waitFor(
      'the last run under way',
      () => {
        const all = descendantsOf(pid);
        return all.some((p) => cmdline(p.pid).includes('paper-trail/main.ts')) ||
          all.some((p) => /\/\.workspaces\/raw-client-[^/]+\/client\.ts/.test(cmdline(p.pid)))
          ? all
          : null;
      },
      10_000,
    );
    seen.push(...last);
    process.kill(-pid, 'SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    expect(started.exitCode ?? started.signalCode, 'watch did not exit').not.toBeNull();
    const left = await waitFor(
      'every process of the watch to end',
      () => (seen.filter(running).length === 0 ? [] : null),
      3000,
    ).catch(() => seen.filter(running));
    expect(left.map((p) => `${p.pid} ${p.command}`)).toEqual([]);
  }, 150_000);

  it('says what it needs without --dir (exit 2)', async () => {
    const r = spawn('npm', ['run', '--silent', 'exercise', '--', 'watch', 'raw-client'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    r.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const code = await new Promise((resolve) => r.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('watch needs --dir <folder>');
  }, 30_000);
});
