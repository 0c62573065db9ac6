// Watch mode, for learners who work in their own editor: check once, then check again each
// time one of the exercise's editable files is saved. The engine stays loaded between runs
// (harness, checks, zod), so a re-check costs the two programs' run and little more.
// Shared by `npm run exercise -- watch` and the take-home's `node harness.mjs watch`.
import { watch } from 'node:fs';
import { sep } from 'node:path';
import type { Summary } from '../harness/run.ts';
import { checkReport, harnessErrorLine, killedNote, unflushedNote } from './report.ts';

/**
 * Editors save in steps (a temporary file, a rename, a second write of the metadata): the
 * events of one save arrive within a few milliseconds, so a quiet spell this long ends one.
 */
export const SETTLE_MS = 40;

export interface Rerunner {
  /** A file changed: run once things are quiet, or once the run under way has ended. */
  poke(): void;
  /** Resolves when no run is under way or due. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Runs `run` after each burst of pokes, never two at once. Pokes during a run add exactly one
 * more run, however many there were: that run reads the files as all of them left them.
 */
export function rerunner(run: () => Promise<void>, settleMs = SETTLE_MS): Rerunner {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (timer || running || again) return;
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };
  const start = () => {
    timer = undefined;
    if (closed) return settle();
    if (running) {
      again = true;
      return;
    }
    running = true;
    run()
      .catch(() => {}) // the caller reports its own failures; watching goes on
      .finally(() => {
        running = false;
        if (again && !closed) {
          again = false;
          start();
        } else {
          again = false;
          settle();
        }
      });
  };
  return {
    poke() {
      if (closed) return;
      clearTimeout(timer);
      timer = setTimeout(start, settleMs);
    },
    idle() {
      if (!timer && !running && !again) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      settle();
    },
  };
}

/**
 * Calls `changed` with the path (relative, with "/") of each of `files` that is written,
 * created, renamed or removed in `folder`, at any depth. Returns the function that stops.
 */
export function watchFiles(
  folder: string,
  files: readonly string[] | undefined,
  changed: (file: string) => void,
): () => void {
  const wanted = files && new Set(files);
  const watcher = watch(folder, { recursive: true }, (_event, name) => {
    // Without a name the platform could not say which file: it may be one of ours.
    if (name === null) return changed(files?.[0] ?? '');
    const file = String(name).split(sep).join('/');
    if (wanted ? wanted.has(file) : anyFileOfTheProgram(file)) changed(file);
  });
  return () => watcher.close();
}

/**
 * A program in a language of the learner's choice (--cmd) may read any of its folder's files;
 * not what its runs and tools write themselves (caches, hidden folders, installed packages).
 */
function anyFileOfTheProgram(file: string): boolean {
  return !file
    .split('/')
    .some((part) => part.startsWith('.') || part === 'node_modules' || part === '__pycache__');
}

export interface WatchOptions {
  /** The learner's folder. */
  folder: string;
  /**
   * The exercise's editable files, relative to the folder: the only ones a check reads.
   * Absent for a command of the learner's own (--cmd): then any file of the folder.
   */
  editable?: readonly string[];
  /** One check of the folder as it is now. */
  check: () => Promise<Summary>;
  write: (stream: 'stdout' | 'stderr', text: string) => void;
  /** The command takes --seed: a failed run's seed is worth saying. */
  seedFlag?: boolean;
  /** The learner's program is a command of their own (--cmd): a hang may be a full buffer. */
  command?: boolean;
}

/** The verdict of one run, on stdout and stderr as `check` prints it. */
export function watchVerdict(
  summary: Summary,
  seedFlag = false,
  command = false,
): { stdout: string; stderr: string } {
  if (summary.verdict === 'error') return { stdout: '', stderr: harnessErrorLine(summary) };
  // As `check` says it: a failed run's data and cuts come back with its seed.
  const seed =
    seedFlag && summary.passed === false && summary.seed !== undefined
      ? `This check run used seed ${summary.seed}; add --seed ${summary.seed} to watch with the same data and the same cuts.\n`
      : '';
  const notes = killedNote(summary) + unflushedNote(summary, command);
  return { stdout: checkReport(summary, false), stderr: notes + seed };
}

/** Checks now and after every save until the process is stopped (Ctrl-C). */
export function watchExercise(options: WatchOptions): { close: () => void } {
  const { folder, editable, write } = options;
  const names = editable ? editable.join(', ') : 'its files';
  let saved = new Set<string>();
  let first = true;
  const runner = rerunner(async () => {
    const files = [...saved];
    saved = new Set();
    write(
      'stdout',
      first
        ? `Checking ${folder} (${names})…\n`
        : `\n${files.join(', ')} changed: checking again…\n`,
    );
    first = false;
    const summary = await options.check();
    const shown = watchVerdict(summary, options.seedFlag, options.command);
    if (shown.stderr) write('stderr', shown.stderr);
    if (shown.stdout) write('stdout', shown.stdout);
    write('stdout', `Watching ${names} for saves (Ctrl-C stops).\n`);
  });
  const stop = watchFiles(folder, editable, (file) => {
    saved.add(file);
    runner.poke();
  });
  runner.poke();
  return {
    close() {
      stop();
      runner.close();
    },
  };
}
