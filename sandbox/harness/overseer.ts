// The starter's side of a harness process (the CLI, the local runtime endpoint, its standby):
// it holds the run's time limit from outside, so that a harness that was stopped (SIGSTOP)
// or hangs still ends, and when the harness dies before it has cleaned up after itself, it
// ends the run's processes and removes its folders, which the harness announced as it made
// them (notices.ts), and says in words what happened.
//
// A notice is believed only as far as it is harmless: folders only where the harness makes
// them (a work folder `<id>-…` under .workspaces, a `mcpw-tap-…` in the temp folder), so
// that a program that got hold of the descriptor cannot have anything else removed.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { TextLineSplitter } from '../wire/lines.ts';
import { listProcesses, readEnviron } from './procs.ts';
import { RUN_MARKER } from './descendants.ts';
import { NOTICES_FD_VARIABLE } from './notices.ts';

/** The descriptor a harness gets its notices pipe on (after stdin, stdout, stderr, TAKEN_FD). */
export const NOTICES_FD = 4;
/**
 * What a harness gets beyond its run's time limit before it is ended from outside: its own
 * start, the peer's, the judging, and a loaded machine's delays in all of them.
 */
export const OVERDUE_GRACE_MS = 10_000;

/** The environment entry that tells a harness where its notices go. */
export const noticesEnv = { [NOTICES_FD_VARIABLE]: String(NOTICES_FD) };

/** How a harness that gave no verdict of its own ended, in words for the learner. */
export interface Aftermath {
  verdict: 'timeout' | 'error';
  summary: string;
}

export class Overseer {
  readonly #folders = new Set<string>();
  readonly #markers = new Set<string>();
  readonly #groups = new Set<number>();
  readonly #workRoot: string;
  readonly #limitMs: number;
  readonly #graceMs: number;
  #timer: NodeJS.Timeout | undefined;
  #overdue = false;

  /** `workRoot` is where the harness makes work folders (.workspaces at the checkout's top). */
  constructor(
    harness: ChildProcess,
    options: { limitMs: number; workRoot: string; graceMs?: number },
  ) {
    this.#limitMs = options.limitMs;
    this.#graceMs = options.graceMs ?? OVERDUE_GRACE_MS;
    this.#workRoot = resolve(options.workRoot);
    const notices = harness.stdio[NOTICES_FD] as Readable | null | undefined;
    if (notices) {
      const lines = new TextLineSplitter();
      notices.setEncoding('utf8');
      notices.on('data', (text: string) => lines.push(text).forEach((l) => this.#take(l)));
      notices.on('error', () => {});
    }
    this.#timer = setTimeout(() => {
      this.#overdue = true;
      // SIGKILL ends a stopped process too; the run's processes go with it or in cleanUp().
      harness.kill('SIGKILL');
    }, options.limitMs + this.#graceMs);
    this.#timer.unref();
    harness.once('exit', () => clearTimeout(this.#timer));
  }

  #take(line: string): void {
    let notice: unknown;
    try {
      notice = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof notice !== 'object' || notice === null) return;
    const n = notice as { folder?: unknown; marker?: unknown; group?: unknown };
    if (typeof n.folder === 'string' && this.#removable(n.folder)) this.#folders.add(n.folder);
    if (typeof n.marker === 'string' && /^[\w-]{8,}$/.test(n.marker)) this.#markers.add(n.marker);
    if (typeof n.group === 'number' && Number.isInteger(n.group) && n.group > 1) {
      this.#groups.add(n.group);
    }
  }

  #removable(folder: string): boolean {
    const path = resolve(folder);
    const name = basename(path);
    if (dirname(path) === this.#workRoot) return /^[a-z0-9-]+-[\w]+$/.test(name);
    return dirname(path) === resolve(tmpdir()) && /^mcpw-tap-\w+$/.test(name);
  }

  /** Whether the harness ran past its limit and was ended from outside. */
  get overdue(): boolean {
    return this.#overdue;
  }

  /**
   * After the harness exited without cleaning up (no verdict of its own): kills what of the
   * run still runs (its process groups; by marker, what left them) and removes its folders.
   */
  cleanUp(): void {
    for (const group of this.#groups) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    if (this.#markers.size > 0) {
      const marks = [...this.#markers].map((m) => `${RUN_MARKER}=${m}`);
      for (const p of listProcesses()) {
        if (p.pid === process.pid || p.state === 'Z') continue;
        const env = readEnviron(p.pid).split('\0');
        if (!marks.some((m) => env.includes(m))) continue;
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // Gone in between.
        }
      }
    }
    for (const folder of this.#folders) rmSync(folder, { recursive: true, force: true });
  }

  /** What to tell the learner about a harness that ended without a verdict, if not a bug. */
  aftermath(signal: string | null): Aftermath | undefined {
    if (this.#overdue) {
      return {
        verdict: 'timeout',
        summary:
          `The run went ${Math.round(this.#graceMs / 100) / 10} s past its time limit of ` +
          `${Math.round(this.#limitMs / 100) / 10} s without a verdict (the harness running ` +
          'your code was stopped or stuck), so it was ended from outside, with everything ' +
          'your program started. If your program stops or signals other processes, that is ' +
          'the cause; otherwise run it again.',
      };
    }
    if (signal === 'SIGKILL') {
      return {
        verdict: 'error',
        summary:
          'The harness running your code was killed (SIGKILL) before it gave a verdict. That ' +
          'happens when a program kills the processes around it, or when the machine runs ' +
          'out of memory and the system ends the largest process. Everything your program ' +
          'started was ended and the run’s folders removed. Look for process.kill or for ' +
          'memory your program keeps taking, then run it again.',
      };
    }
    return undefined;
  }
}
