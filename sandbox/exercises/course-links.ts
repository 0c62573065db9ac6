// The ids that tie the course together, checked at build time: an exercise names its lesson
// by slug (the one place the link is kept: a lesson's exercises are the ones that name it),
// and every exercise folder needs its checks in exercises/registry.ts. A dangling one would otherwise build cleanly and fail in front of a
// learner (a link to nowhere, a page whose Check has nothing to run).

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
  registered: readonly string[],
): string[] {
  const problems: string[] = [];
  const exerciseIds = new Set(exercises.map((e) => e.id));
  for (const exercise of exercises) {
    if (!slugs.has(exercise.lesson)) {
      problems.push(
        `${exercise.file}: lesson: there is no lesson "${exercise.lesson}" in lessons/${known(slugs)}`,
      );
    }
    if (!registered.includes(exercise.id)) {
      problems.push(
        `exercises/registry.ts: "${exercise.id}" has no checks registered, so its Check would have nothing to run; import exercises/${exercise.id}/check.ts there (npm run new -- exercise does this for new exercises)`,
      );
    }
  }
  for (const id of registered) {
    if (!exerciseIds.has(id)) {
      problems.push(`exercises/registry.ts: "${id}" has checks but no folder exercises/${id}/`);
    }
  }
  return problems;
}
