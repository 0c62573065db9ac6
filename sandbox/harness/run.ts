// runExercise: prepare a fresh work folder, run one session of the program and its tapped
// peer (session.ts), and in check mode judge the record with the exercise's checks.
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { judgeSessions, type RecordedSession } from './judge.ts';
import { tally, tallyText } from './tally.ts';
import type { Check, RunRecord, Verdict } from '../contract/check.ts';
import {
  defaultExercisesRoot,
  defaultWorkRoot,
  loadExercise,
  loadExercises,
} from '../exercises/loader.ts';
import { commandSlot, noCommandSlot } from '../exercises/command-slot.ts';
import type { LearnerCommand } from './session.ts';
import type { Exercise } from '../exercises/loader.ts';
import type { ServerCommands } from '../exercises/servers.ts';
import type { CheckResult, HarnessEvent } from '../contract/events.ts';
import { execute } from './session.ts';
import { runScenarios } from './scenarios.ts';
import { claimWorkFolder, prepareWork } from './work-folder.ts';
import { newSeed } from '../input/seed.ts';
import { formatProblem, nothingRunSummary, type StripProblem } from '../strip/problem.ts';
import { unrunnableTypeScript } from './typescript-policy.ts';
import { notify } from './notices.ts';
import { atExit } from './at-exit.ts';

export type Checks = Readonly<Record<string, readonly Check[]>>;

/**
 * The checks, or how to get them: a loader is called once the learner's program has started,
 * so that loading the checks (the course's registry, about 75 ms) runs beside the program
 * instead of in front of it.
 */
export type ChecksSource = Checks | Promise<Checks> | (() => Promise<Checks>);

/** The checks a source stands for, loading them if it is a loader. */
export function resolveChecks(source: ChecksSource): Promise<Checks> {
  return Promise.resolve(typeof source === 'function' ? source() : source);
}

export interface RunOptions {
  exercise: string;
  mode: 'run' | 'check';
  exercisesRoot?: string;
  /** Folder with the learner's files; the editable ones found there replace the starter's. */
  workspace?: string;
  /** Check the exercise's own solution instead (authoring, tests). */
  solution?: boolean;
  /**
   * The learner's program as a command of their own, in any language (--cmd, split into
   * words): started where the exercise starts its editable file (exercises/command-slot.ts),
   * in the work folder, which then holds every file of the workspace (work-folder.ts).
   */
  command?: readonly string[];
  /**
   * Top-level names in the workspace that are not the learner's, left out when a command's
   * folder is copied (the take-home folder's harness, its shelf of exercises).
   */
  notLearners?: readonly string[];
  /**
   * The Node running this cannot strip types: the starter holds a .js twin of every .ts
   * (written by the bundler) and the workspace the learner's twins (stripped in the page),
   * and those run instead (stripped.ts). The WebContainer entry sets it from --stripped.
   */
  stripped?: boolean;
  timeoutMs?: number;
  /**
   * A check run's seed (a fresh one when absent): Paper Trail's per-run data and where the
   * tap cuts its bytes come from it, so passing a reported seed runs the same check again.
   * Run mode ignores it: plain runs see the fixed data, delivered as it comes.
   */
  seed?: number;
  /** Cap per stream on the program's and the peer's stdout/stderr. */
  maxOutputBytes?: number;
  /** Cap on the bytes the tap records. */
  maxFrameBytes?: number;
  /** Where fresh work folders go; must be somewhere node_modules resolves from. */
  workRoot?: string;
  /** Command prefix that runs the stdio relay (the WebContainer bundle passes itself with --relay). */
  relay?: string[];
  /**
   * Command prefix that runs the connector to the docked server (the bundles pass
   * themselves with --connect). A run that names a relay and no connector has the program
   * start the server behind that relay instead (tests that compare the two).
   */
  connector?: string[];
  /**
   * How to start known servers (exercise.json run.peer.server), by name; one not named here
   * starts from the sources (the servers table's `node`). The bundles pass their own way of
   * serving each (bundledServers).
   */
  servers?: ServerCommands;
  /**
   * Checks by exercise id. The course's registry (sandbox/course/exercise-checks.ts) is handed
   * in by the entry points, so that the engine never imports the course. A promise or a
   * loader is awaited only to judge, after the run (see ChecksSource).
   */
  checks: ChecksSource;
  keepWork?: boolean;
  /**
   * Called in check mode with every session the run recorded, before they are judged: the
   * fixtures command stores them (fixture-records.ts) so that tests can judge them again.
   */
  onRecorded?: (sessions: readonly RecordedSession[]) => void;
}

export interface Summary {
  exercise: string;
  mode: 'run' | 'check';
  verdict: Verdict;
  passed?: boolean;
  checks: CheckResult[];
  frames: number;
  /** Processes other than the program that still ran at the end and had to be killed. */
  killed?: number;
  durationMs: number;
  summary: string;
  /** The check run's seed, for running it again the same way. */
  seed?: number;
  /**
   * The learner's files that stopped the run before it started, each with its line: they
   * use TypeScript Node's type stripping cannot run (typescript-policy.ts). A failed check,
   * not a harness that failed: the learner has something to fix.
   */
  refused?: StripProblem[];
  /** How the program ended, for saying so (absent when it never ran: a harness error). */
  ending?: Ending;
}

export interface Ending {
  /** The time limit the run had. */
  timeoutMs: number;
  /** The program's exit, if it exited. */
  exit: { code: number | null; signal: string | null } | null;
  /** Whose program ran: the learner's, or the reference client around the learner's server. */
  program: 'learner' | 'reference';
}

export async function runExercise(
  options: RunOptions,
  emit: (e: HarnessEvent) => void,
): Promise<Summary> {
  const started = performance.now();
  const root = resolve(options.exercisesRoot ?? defaultExercisesRoot());
  let exercise: Exercise;
  try {
    exercise = loadExercise(root, options.exercise);
  } catch (err) {
    return fail(options, emit, (err as Error).message, started);
  }
  const noChecks = `exercise "${exercise.id}" has no checks registered`;
  const source = options.checks;
  const known = source instanceof Promise || typeof source === 'function' ? undefined : source;
  let loading: Promise<Checks> | undefined;
  const loadChecks = (): Promise<Checks> => (loading ??= resolveChecks(source));
  if (options.mode === 'check' && known && !known[exercise.id]) {
    return fail(options, emit, noChecks, started);
  }

  let command: LearnerCommand | undefined;
  if (options.command) {
    const slot = commandSlot(exercise.meta);
    if (!slot) return fail(options, emit, noCommandSlot(exercise.id, accepting(root)), started);
    command = { slot, words: options.command };
  }

  const workRoot = resolve(options.workRoot ?? defaultWorkRoot(root));
  mkdirSync(workRoot, { recursive: true });
  const work = claimWorkFolder(workRoot, exercise.id);
  notify({ folder: work });
  // A harness that is told to exit mid-run still removes its work folder.
  const removeWork = (): void => {
    if (!options.keepWork) rmSync(work, { recursive: true, force: true });
  };
  const releaseWork = atExit(removeWork);
  try {
    prepareWork(exercise, work, options);
    // Stripped twins were judged by the page as it stripped them (learner-files.ts).
    // A learner's own command runs none of their TypeScript (there may be none).
    const unrunnable = options.stripped || command ? [] : unrunnableTypeScript(exercise, work);
    if (unrunnable.length > 0) {
      // Told as a compiler would tell it, on the learner's stderr, and nothing starts.
      for (const p of unrunnable) {
        emit({ type: 'stderr', source: 'learner', text: `${formatProblem(p)}\n` });
      }
      const passed = options.mode === 'check' ? false : undefined;
      const summary = nothingRunSummary(unrunnable[0]!);
      emit({ type: 'done', verdict: 'error', passed, summary, refused: unrunnable });
      const refusal = fail(options, () => {}, summary, started);
      return { ...refusal, passed, refused: unrunnable };
    }
    const seed = options.mode === 'check' ? (options.seed ?? newSeed()) : undefined;
    const onStarted = () => {
      // Run mode never judges: it does not load the checks at all.
      if (options.mode === 'check') loadChecks().catch(() => {}); // a failure shows when judging
    };
    const scenarios = options.mode === 'check' ? exercise.meta.run.scenarios : undefined;
    const checksOf = async () => (await loadChecks())[exercise.id];
    let results: CheckResult[] = [];
    let record: RunRecord;
    let sessions: readonly RecordedSession[];
    if (scenarios) {
      const ran = await runScenarios({
        exercise,
        scenarios,
        work,
        workRoot,
        options: { ...options, seed, command },
        emit,
        onStarted,
        checks: async () => (await checksOf()) ?? [],
      });
      record = { ...ran.record, killed: ran.killed };
      results = ran.results;
      sessions = ran.sessions;
    } else {
      record = await execute(exercise, work, { ...options, seed, command }, emit, onStarted);
      sessions = [{ record }];
    }
    if (options.mode === 'check') options.onRecorded?.(sessions);
    let passed: boolean | undefined;
    if (options.mode === 'check') {
      const exerciseChecks = await checksOf();
      if (!exerciseChecks) return fail(options, emit, noChecks, started);
      if (!scenarios) results = judgeSessions(exerciseChecks, sessions).results;
      for (const r of results) emit({ type: 'check', ...r });
      // A check not reached is not passed: the run is done only when every check passed.
      passed = results.every((r) => r.ok);
    }
    const durationMs = Math.round(performance.now() - started);
    const summary =
      options.mode === 'check'
        ? `${tallyText(tally(results))} (${describe(record.verdict)})`
        : describe(record.verdict);
    const ending: Ending = {
      timeoutMs: record.timeoutMs,
      exit: record.program.exit,
      program: record.learner === 'program' ? 'learner' : 'reference',
    };
    emit({
      type: 'done',
      verdict: record.verdict,
      passed,
      summary,
      killed: record.killed,
      seed,
      ending,
    });
    return {
      exercise: exercise.id,
      mode: options.mode,
      verdict: record.verdict,
      passed,
      checks: results,
      frames: record.frames.length,
      killed: record.killed,
      durationMs,
      summary,
      seed,
      ending,
    };
  } catch (err) {
    return fail(options, emit, `harness error: ${(err as Error).message}`, started);
  } finally {
    releaseWork();
    removeWork();
  }
}

/** The exercises of the course that take a command of the learner's own. */
export function accepting(root: string): string[] {
  return loadExercises(root)
    .filter((exercise) => commandSlot(exercise.meta))
    .map((exercise) => exercise.id);
}

function describe(verdict: Verdict): string {
  switch (verdict) {
    case 'completed':
      return 'the program finished';
    case 'timeout':
      return 'the program was stopped at the time limit';
    case 'output-limit':
      return 'the program was stopped for writing too much output';
    case 'memory-limit':
      return 'the program was stopped at its memory limit';
    case 'crashed':
      return 'the program exited with an error';
    case 'error':
      return 'the harness could not run the program';
  }
}

function fail(
  options: RunOptions,
  emit: (e: HarnessEvent) => void,
  message: string,
  started: number,
): Summary {
  emit({ type: 'done', verdict: 'error', summary: message });
  return {
    exercise: options.exercise,
    mode: options.mode,
    verdict: 'error',
    checks: [],
    frames: 0,
    durationMs: Math.round(performance.now() - started),
    summary: message,
  };
}
