// Build-time guard: every exercise on disk must name a lesson Astro has parsed and have its
// checks beside it (exercises/<id>/check.ts), or the build stops with every dangling id listed
// by file and field (sandbox/exercises/course-links.ts decides what dangles).
import { join } from 'node:path';
import type { CollectionEntry } from 'astro:content';
import { danglingLinks } from '../../sandbox/exercises/course-links.ts';
import { idsWithChecks, loadExercises } from '../../sandbox/exercises/loader.ts';

let checked = false;

export function assertCourseLinks(lessons: readonly CollectionEntry<'lessons'>[]): void {
  if (checked) return;
  const root = join(process.cwd(), 'exercises');
  const exercises = loadExercises(root).map((e) => ({
    id: e.id,
    file: `exercises/${e.id}/exercise.json`,
    lesson: e.meta.lesson,
  }));
  const problems = danglingLinks(new Set(lessons.map((l) => l.id)), exercises, idsWithChecks(root));
  if (problems.length > 0) {
    throw new Error(`the course's ids do not hold together:\n${problems.join('\n')}`);
  }
  checked = true;
}
