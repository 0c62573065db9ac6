// Build-time guard: every exercise folder must have its checks beside it (check.ts), and every
// check.ts an exercise, or the build stops with every dangling folder listed
// (sandbox/exercises/course-links.ts decides what dangles).
import { checkFolders, exerciseFolders } from '../../sandbox/course/exercise-folders.ts';
import { danglingLinks } from '../../sandbox/exercises/course-links.ts';

let checked = false;

export function assertCourseLinks(): void {
  if (checked) return;
  const problems = danglingLinks(exerciseFolders(), checkFolders());
  if (problems.length > 0) {
    throw new Error(`the course's ids do not hold together:\n${problems.join('\n')}`);
  }
  checked = true;
}
