// A run ended by a signal (Ctrl-C, a closed terminal, the runtime
// stopping it) must end every process of the run and remove its work folder, in each entry
// point, including the command the learner types: `npm run --silent exercise -- check ...`.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, ROOT, fixture } from './cli.ts';
import { cmdline, cwdOf, descendantsOf, killAll, running, waitFor, type Proc } from './procs.ts';
import { identify, stillThere, type FolderIdentity } from './folders.ts';

const HARNESS = fileURLToPath(new URL('../../sandbox/harness/main.ts', import.meta.url));
const BUSY = fixture('busy-loop');
// Far beyond the test: only the signal may end the run.
const LIMIT = '20000';

const ENTRIES = {
  'npm run exercise': () =>
    spawn(
      'npm',
      [
        'run',
        '--silent',
        'exercise',
        '--',
        'check',
        'raw-client',
        '--dir',
        BUSY,
        '--timeout-ms',
        LIMIT,
      ],
      { cwd: ROOT, detached: true, stdio: 'ignore' },
    ),
  'the CLI': () =>
    spawn(process.execPath, [CLI, 'check', 'raw-client', '--dir', BUSY, '--timeout-ms', LIMIT], {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
    }),
  'the harness program': () =>
    spawn(
      process.execPath,
      [HARNESS, '--exercise', 'raw-client', '--workspace', BUSY, '--mode', 'check'],
      { cwd: ROOT, detached: true, stdio: 'ignore' },
    ),
};

interface Case {
  entry: keyof typeof ENTRIES;
  signal: NodeJS.Signals;
  /** The whole terminal group (Ctrl-C) or the entry's own process only (kill <pid>). */
  to: 'group' | 'process';
}

const CASES: Case[] = [
  { entry: 'npm run exercise', signal: 'SIGINT', to: 'group' },
  { entry: 'npm run exercise', signal: 'SIGTERM', to: 'process' },
  { entry: 'the CLI', signal: 'SIGINT', to: 'process' },
  { entry: 'the CLI', signal: 'SIGHUP', to: 'process' },
  { entry: 'the harness program', signal: 'SIGTERM', to: 'process' },
  { entry: 'the harness program', signal: 'SIGHUP', to: 'process' },
];

let root: ChildProcess | null = null;
let seen: Proc[] = [];
/** Work folders by identity: once a run is over, its path may be another run's. */
const works: FolderIdentity[] = [];

afterEach(() => {
  killAll(seen);
  try {
    if (root?.pid) process.kill(-root.pid, 'SIGKILL');
  } catch {
    // The entry's group is already gone.
  }
  for (const w of works) if (stillThere(w)) rmSync(w.path, { recursive: true, force: true });
  root = null;
  seen = [];
  works.length = 0;
});

describe('a signal ends the run and everything it started', () => {
  it.each(CASES)('$signal to $to of $entry', async ({ entry, signal, to }) => {
    const started = ENTRIES[entry]();
    root = started;
    const exited = new Promise((r) => started.once('exit', r));
    const pid = started.pid!;

    // Running means: the learner's program spins and the server it reached is up (docked
    // with the harness, so among the entry's descendants too, and to be gone with the run).
    const learner = await waitFor(
      'the learner program and its server',
      () => {
        const all = descendantsOf(pid);
        const program = all.find((p) =>
          /\/\.workspaces\/raw-client-[^/]+\/client\.ts /.test(cmdline(p.pid) + ' '),
        );
        const server = all.some((p) => cmdline(p.pid).includes('paper-trail/main.ts'));
        return program && server ? program : null;
      },
      15_000,
    );
    seen = descendantsOf(pid);
    const work = cwdOf(learner.pid);
    expect(work).toContain('.workspaces');
    const identity = identify(work);
    works.push(identity);

    process.kill(to === 'group' ? -pid : pid, signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    expect(started.exitCode ?? started.signalCode, `${entry} did not exit`).not.toBeNull();

    // SIGKILL lands asynchronously: allow a moment before calling a process a survivor.
    const survivors = await waitFor(
      'the run to end',
      () => {
        const left = seen.filter(running);
        return left.length === 0 ? [] : null;
      },
      3000,
    ).catch(() => seen.filter(running));
    expect(survivors.map((p) => `${p.pid} ${cmdline(p.pid)}`)).toEqual([]);
    expect(stillThere(identity), `work folder ${work} left behind`).toBe(false);
  });
});
