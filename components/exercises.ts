// Exercise titles for links, and a lesson's exercises, through the one exercise loader.
import { join } from 'node:path';
import { ExerciseError, loadExercise, loadExercises } from '../sandbox/exercises/loader.ts';

/** The exercises that name this lesson in their exercise.json, in their order, then by id. */
export function exercisesOf(slug: string, root = join(process.cwd(), 'exercises')): string[] {
  return loadExercises(root)
    .filter((exercise) => exercise.meta.lesson === slug)
    .sort((a, b) => (a.meta.order ?? 1) - (b.meta.order ?? 1) || a.id.localeCompare(b.id))
    .map((exercise) => exercise.id);
}

export function exerciseTitle(id: string, root = join(process.cwd(), 'exercises')): string {
  try {
    return loadExercise(root, id).meta.title;
  } catch (err) {
    if (err instanceof ExerciseError) return id;
    throw err;
  }
}
