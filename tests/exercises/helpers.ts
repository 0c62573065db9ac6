// Runs an exercise's checks through the real harness for a fixture folder.
import { fileURLToPath } from 'node:url';
import { runExercise } from '../../sandbox/harness/run.ts';
import type { Summary } from '../../sandbox/harness/run.ts';
import { checks } from '../../exercises/registry.ts';

export function fixtureDir(exercise: string, name: string): string {
  return fileURLToPath(new URL(`./fixtures/${exercise}/${name}/`, import.meta.url));
}

export interface Target {
  solution?: boolean;
  dir?: string;
  timeoutMs?: number;
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
      checks,
    },
    () => {},
  );
}

/** A readable failure: which checks failed and what they said. */
export function failures(summary: Summary): string {
  return summary.checks
    .filter((c) => !c.ok)
    .map((c) => `${c.id}: ${c.message}`)
    .join('\n');
}

/** The frame numbers a message names in words: "frame 3", "frames 0–12", "the last frame was 6". */
export function framesNamed(message: string): number[] {
  return [...message.matchAll(/\bframes? (?:was )?(\d+)/g)].map((m) => Number(m[1]));
}

/**
 * Checks whose structured `frame` disagrees with their words: a message that names a frame
 * must link one of those frames, and a linked frame must be named. Empty when all agree.
 */
export function unlinkedFrames(summary: Summary): string {
  return summary.checks
    .filter((c) => {
      const named = framesNamed(c.message);
      if (c.frame === undefined) return named.length > 0;
      return !named.includes(c.frame);
    })
    .map((c) => `${c.id} (frame ${c.frame}): ${c.message}`)
    .join('\n');
}
