// One case of the hostile matrix: a hostile program in one exercise's editable file, run
// through one transport (the CLI as a learner types it, or the local runtime endpoint as the
// dev and workshop servers mount it), and what it left behind afterwards.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Verdict } from '../../sandbox/contract/check.ts';
import { CLI, ROOT } from './cli.ts';
import { stillThere } from './folders.ts';
import type { EndpointServer } from './endpoint-server.ts';
import {
  EDITED,
  STRAY_PREFIX,
  hostileSource,
  type ExerciseId,
  type Hostile,
} from './matrix-programs.ts';
import { killAll, waitFor, withEnv, withMarker, type Proc } from './procs.ts';

export type Transport = 'cli' | 'endpoint';

export interface Outcome {
  verdict: Verdict | 'none';
  /** What the learner reads about how the run ended. */
  message: string;
  passed: boolean;
  /** How many stray processes the run said it killed (undefined when not said). */
  killed?: number;
  /** When the verdict arrived (ms since the epoch). */
  at: number;
}

/** What the program noted about itself as it started (see hostileSource). */
interface Note {
  /** When the program's first line ran (ms since the epoch). */
  t: number;
  pid: number;
  cwd: string;
  run: string | null;
  above: string[];
  /** Which folder the work folder was (its path may be a later run's by the time we look). */
  ino: number;
  birth: number;
}

export interface Leftovers {
  /** The program never got to run its first line. */
  noNote: boolean;
  /** When it did (ms since the epoch). */
  startedAt?: number;
  processes: Proc[];
  folders: string[];
  /** The file written outside the work folder, if the program was meant to and did. */
  outside?: string;
}

export class MatrixCase {
  readonly dir = mkdtempSync(join(tmpdir(), 'mcpw-matrix-'));
  private readonly note = join(this.dir, 'note.json');
  /** The case's own name for its strays and its file outside (a work folder's name recurs). */
  private readonly id = basename(this.dir);
  private readonly source: string;
  readonly hostile: Hostile;
  readonly exercise: ExerciseId;
  readonly transport: Transport;
  constructor(hostile: Hostile, exercise: ExerciseId, transport: Transport) {
    this.hostile = hostile;
    this.exercise = exercise;
    this.transport = transport;
    this.source = hostileSource(hostile, exercise, this.note, this.id);
  }

  run(limitMs: number, endpoint: EndpointServer): Promise<Outcome> {
    return this.transport === 'cli' ? this.viaCli(limitMs) : this.viaEndpoint(endpoint);
  }

  private async viaCli(limitMs: number): Promise<Outcome> {
    const src = join(this.dir, 'src');
    mkdirSync(src);
    writeFileSync(join(src, EDITED[this.exercise]), this.source);
    const args = [CLI, 'check', this.exercise, '--dir', src, '--timeout-ms', String(limitMs)];
    const child = spawn(process.execPath, [...args, '--json'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
    // A CLI that never ends fails the case instead of the whole suite's time.
    const guard = setTimeout(() => child.kill('SIGINT'), limitMs + 20_000);
    const code = await new Promise<number | null>((r) => child.once('close', r));
    clearTimeout(guard);
    const at = Date.now();
    const killed = /note: (\d+) process/.exec(err)?.[1];
    if (code === 3) return { verdict: 'error', message: err.trim(), passed: false, at };
    let report: {
      passed: boolean;
      verdict: Verdict;
      ended?: string;
      checks: { ok: boolean; reached?: false }[];
    };
    try {
      report = JSON.parse(out) as typeof report;
    } catch {
      return {
        verdict: 'none',
        message: `exit ${code}: ${out}${err}`.slice(0, 500),
        passed: false,
        at,
      };
    }
    const failed = report.checks.filter((c) => !c.ok && c.reached !== false).length;
    return {
      verdict: report.verdict,
      // A run that ended on its own has no ending line: its failed checks say what happened.
      message: report.ended ?? `the program finished; ${failed} failed`,
      passed: report.passed,
      ...(killed && { killed: Number(killed) }),
      at,
    };
  }

  private async viaEndpoint(endpoint: EndpointServer): Promise<Outcome> {
    const r = await endpoint.run({
      exercise: this.exercise,
      mode: 'check',
      files: { [EDITED[this.exercise]]: this.source },
    });
    const at = Date.now();
    const done = r.events.find((e) => e.type === 'done');
    if (done?.type !== 'done') {
      return { verdict: 'none', message: `${r.status}: ${r.raw}`.slice(0, 500), passed: false, at };
    }
    return {
      verdict: done.verdict,
      message: done.summary,
      passed: done.passed === true,
      ...(done.killed !== undefined && { killed: done.killed }),
      at,
    };
  }

  /** What of the run still exists: processes (by its run marker and strays' mark), folders. */
  async leftovers(): Promise<Leftovers> {
    if (!existsSync(this.note)) return { noNote: true, processes: [], folders: [] };
    const note = JSON.parse(readFileSync(this.note, 'utf8')) as Note;
    const stray = `${STRAY_PREFIX}-${this.id}`;
    const alive = (): Proc[] => [
      ...(note.run ? withEnv(`MCPW_RUN=${note.run}`) : []),
      ...withMarker(stray),
    ];
    // Kills land asynchronously: a moment is allowed, a run's time limit is not.
    const processes = await waitFor(
      'the run to end',
      () => alive().length === 0 && [],
      2_000,
    ).catch(() => alive());
    killAll(processes);
    // The run's folders: the work folder it ran in and, behind the endpoint, the folder the
    // endpoint wrote the learner's files to (the harness's --workspace).
    const workspace = /--workspace (\S+)/.exec(note.above.join('\n'))?.[1];
    const work = { path: note.cwd, ino: note.ino, birth: note.birth };
    const folders = [
      ...(stillThere(work) ? [note.cwd] : []),
      ...(workspace && existsSync(workspace) ? [workspace] : []),
    ];
    for (const f of folders) rmSync(f, { recursive: true, force: true });
    const leftovers: Leftovers = { noNote: false, startedAt: note.t, processes, folders };
    if (this.hostile.writesOutside) {
      const outside = join(tmpdir(), `mcpw-hostile-outside-${this.id}`);
      if (existsSync(outside)) {
        leftovers.outside = outside;
        rmSync(outside, { force: true });
      }
    }
    return leftovers;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
