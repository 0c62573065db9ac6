// Exercise titles for links, through the one exercise loader. A lesson may name an exercise
// that is not written yet: its link then shows the id.
import { join } from 'node:path';
import { ExerciseError, loadExercise } from '../sandbox/exercises/loader.ts';

export function exerciseTitle(id: string, root = join(process.cwd(), 'exercises')): string {
  try {
    return loadExercise(root, id).meta.title;
  } catch (err) {
    if (err instanceof ExerciseError) return id;
    throw err;
  }
}
