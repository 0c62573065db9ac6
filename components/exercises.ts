// Exercise titles for links, and a lesson's exercises, through the one exercise loader.
import { exerciseFolders } from '../sandbox/course/exercise-folders.ts';
import { ExerciseError, loadExercise } from '../sandbox/exercises/loader.ts';

/** The exercises in this lesson's folder, in their order, then by id. */
export function exercisesOf(slug: string, root = process.cwd()): string[] {
  return exerciseFolders(root)
    .filter((folder) => folder.lesson === slug)
    .map((folder) => loadExercise(root, folder.id))
    .sort((a, b) => (a.meta.order ?? 1) - (b.meta.order ?? 1) || a.id.localeCompare(b.id))
    .map((exercise) => exercise.id);
}

export function exerciseTitle(id: string, root = process.cwd()): string {
  try {
    return loadExercise(root, id).meta.title;
  } catch (err) {
    if (err instanceof ExerciseError) return id;
    throw err;
  }
}
