// Build time only: the part of a loaded exercise the workbench needs, as page data.
import type { Exercise } from '../../sandbox/exercises/loader.ts';
import type { WorkbenchData } from './data.ts';

export function workbenchData(exercise: Exercise): WorkbenchData {
  const { editable, reference } = exercise.meta.files;
  return {
    id: exercise.id,
    title: exercise.meta.title,
    howToRun: exercise.meta.howToRun,
    editable: editable.map((path) => ({
      path,
      starter: exercise.starter[path],
      solution: exercise.solution[path],
    })),
    reference: reference.map((path) => ({ path, text: exercise.starter[path] })),
  };
}
