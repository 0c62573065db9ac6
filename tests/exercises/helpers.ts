// Runs an exercise's checks through the real harness for a fixture folder.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runExercise } from '../../sandbox/harness/run.ts';
import type { Summary } from '../../sandbox/harness/run.ts';
import type { CheckResult } from '../../sandbox/contract/events.ts';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import {
  EXERCISES_DIR,
  exerciseFolderOf,
  FIXTURES_DIR,
  type ExerciseFolder,
} from '../../sandbox/course/exercise-folders.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The exercise's folder in its lesson's, found as the harness finds it. */
export function folderOf(exercise: string): ExerciseFolder {
  const found = exerciseFolderOf(exercise, REPO);
  if (!found) throw new Error(`no exercise "${exercise}" in any lesson's ${EXERCISES_DIR}/`);
  return found;
}

/** Its fixtures: one submission per folder under fixtures/, beside its fixtures.test.ts. */
export function fixturesOf(exercise: string): string {
  return join(folderOf(exercise).dir, FIXTURES_DIR);
}

export function fixtureDir(exercise: string, name: string): string {
  return join(fixturesOf(exercise), name);
}

export interface Target {
  solution?: boolean;
  dir?: string;
  timeoutMs?: number;
  /** A check run's seed, where a fixture's frame numbers depend on this run's data. */
  seed?: number;
  /** The learner's program as a command of its own (--cmd), run in a copy of `dir`. */
  command?: string[];
}

export function check(exercise: string, target: Target = {}): Promise<Summary> {
  return runExercise(
    {
      exercise,
      mode: 'check',
      solution: target.solution,
      workspace: target.dir,
      // Runs that end on their own cost nothing extra with a high limit, and a loaded CI
      // machine must not turn a slow start into a failure.
      timeoutMs: target.timeoutMs ?? 30_000,
      ...(target.seed === undefined ? {} : { seed: target.seed }),
      ...(target.command === undefined ? {} : { command: target.command }),
      checks,
    },
    () => {},
  );
}

/** A readable failure: which checks failed and what they said. */
export function failures(summary: Pick<Summary, 'checks'>): string {
  return summary.checks
    .filter((c) => !c.ok)
    .map((c) => `${c.id}: ${c.message}`)
    .join('\n');
}

/** The frames a check's message mentions, read from its parts (the links a learner sees). */
export function framesNamed(check: CheckResult): number[] {
  return check.parts.flatMap((part) => (typeof part === 'string' ? [] : [part.frame]));
}

/** Text that names a frame in words without mentioning it as data (a missed link). */
const PROSE_FRAME = /\bframes? \d+/;

/**
 * Checks whose structured `frame` disagrees with their message: a message that mentions a
 * frame must point at one of those frames, a frame pointed at must be mentioned, the parts
 * must spell the message, and no "frame N" may hide in plain text. Empty when all agree.
 */
export function unlinkedFrames(summary: Pick<Summary, 'checks'>): string {
  return summary.checks
    .filter((c) => {
      const text = c.parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
      if (text !== c.message) return true;
      if (c.parts.some((p) => typeof p === 'string' && PROSE_FRAME.test(p))) return true;
      const named = framesNamed(c);
      if (c.frame === undefined) return named.length > 0;
      return !named.includes(c.frame);
    })
    .map((c) => `${c.id} (frame ${c.frame}): ${c.message}`)
    .join('\n');
}
