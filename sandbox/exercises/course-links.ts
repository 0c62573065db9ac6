// The one link between an exercise's files checked at build time: every exercise folder needs
// its checks, check.ts, which is all the registry reads, and a check.ts needs an exercise
// beside it. A dangling one would otherwise build cleanly and fail in front of a learner (a
// page whose Check has nothing to run). Which lesson an exercise belongs to needs no check:
// it is the lesson whose folder holds it.

export interface ExerciseLinks {
  id: string;
  /** Root-relative folder, e.g. lessons/12-sampling/exercises/ask-the-model. */
  folder: string;
}

/** One "file: problem" line per dangling folder; empty when the course holds together. */
export function danglingLinks(
  exercises: readonly ExerciseLinks[],
  /** The exercise folders that hold a check.ts. */
  withChecks: readonly ExerciseLinks[],
): string[] {
  const problems: string[] = [];
  const checked = new Set(withChecks.map((e) => e.folder));
  const exerciseFolders = new Set(exercises.map((e) => e.folder));
  for (const exercise of exercises) {
    if (!checked.has(exercise.folder)) {
      problems.push(
        `${exercise.folder}/check.ts: missing, so the exercise's Check would have nothing to run; write its checks there (export const checks = [...]; npm run new -- exercise starts one)`,
      );
    }
  }
  for (const { folder } of withChecks) {
    if (!exerciseFolders.has(folder)) {
      problems.push(`${folder}/check.ts: has checks but no exercise.json beside it`);
    }
  }
  return problems;
}
