// The ids that tie the course together, checked at build time: an exercise names its lesson
// by slug (the one place the link is kept: a lesson's exercises are the ones that name it),
// and every exercise folder needs its checks, exercises/<id>/check.ts, which is all the
// registry reads. A dangling one would otherwise build cleanly and fail in front of a learner
// (a link to nowhere, a page whose Check has nothing to run).

export interface ExerciseLinks {
  id: string;
  /** Repo-relative path of its exercise.json. */
  file: string;
  lesson: string;
}

const known = (names: Iterable<string>) => {
  const list = [...names].sort();
  return list.length > 0 ? ` (known: ${list.join(', ')})` : ' (there are none)';
};

/** One "file: field: problem" line per dangling id; empty when the course holds together. */
export function danglingLinks(
  slugs: ReadonlySet<string>,
  exercises: readonly ExerciseLinks[],
  /** The folders under exercises/ that hold a check.ts. */
  withChecks: readonly string[],
): string[] {
  const problems: string[] = [];
  const exerciseIds = new Set(exercises.map((e) => e.id));
  for (const exercise of exercises) {
    if (!slugs.has(exercise.lesson)) {
      problems.push(
        `${exercise.file}: lesson: there is no lesson "${exercise.lesson}" in lessons/${known(slugs)}`,
      );
    }
    if (!withChecks.includes(exercise.id)) {
      problems.push(
        `exercises/${exercise.id}/check.ts: missing, so the exercise's Check would have nothing to run; write its checks there (export const checks = [...]; npm run new -- exercise starts one)`,
      );
    }
  }
  for (const id of withChecks) {
    if (!exerciseIds.has(id)) {
      problems.push(`exercises/${id}/check.ts: has checks but no exercise.json beside it`);
    }
  }
  return problems;
}
