// What kinds of exercise there are, read from each exercise.json, so that a suite proving a
// runtime can run one exercise of each kind rather than every exercise. A runtime treats two
// exercises of one shape alike (the same files mounted the same way, the same peer started
// over the same transport); what differs between them is their checks, which the CLI suites
// prove for every exercise. Nothing here names an exercise: a new one joins by its shape.
import { parseLessonFolder } from '../../sandbox/course/lesson-folders.ts';
import type { Exercise } from '../../sandbox/exercises/loader.ts';
import type { ExerciseMeta } from '../../sandbox/exercises/schema.ts';

export const SHAPES = [
  'stdio-client',
  'http-client',
  'learner-server',
  'driver',
  'extra-files',
  'v2-peer',
] as const;
export type Shape = (typeof SHAPES)[number];

/** How a test name says the shape. */
export const SHAPE_NAMES: Record<Shape, string> = {
  'stdio-client': 'a stdio client',
  'http-client': 'an HTTP client',
  'learner-server': 'a learner-written server',
  driver: 'a driver calling a learner function',
  'extra-files': 'extra files',
  'v2-peer': 'the v2 peer',
};

/** Every shape an exercise has, in SHAPES order; a well-formed exercise.json has at least one. */
export function shapesOf(meta: ExerciseMeta): Shape[] {
  const { program, peer, learner } = meta.run;
  const { editable, reference } = meta.files;
  const programIsLearners = learner === 'program' && editable.includes(program);
  const found = new Set<Shape>();
  if (programIsLearners) found.add(peer.transport === 'http' ? 'http-client' : 'stdio-client');
  if (learner === 'peer') found.add('learner-server');
  // The program the harness starts is a reference file that imports the learner's module.
  if (learner === 'program' && !programIsLearners) found.add('driver');
  // Files the run needs that are neither the learner's nor the program it starts: a runtime
  // that mounts only those two still runs every exercise without them.
  if (reference.some((file) => file !== program)) found.add('extra-files');
  // Paper Trail v2 is a program of its own in the WebContainer, mounted for its exercises alone.
  if (peer.server === 'paper-trail-v2') found.add('v2-peer');
  return SHAPES.filter((shape) => found.has(shape));
}

/** The lesson's place, then the exercise's place in its lesson, then its id. */
function courseOrder(a: Exercise, b: Exercise): number {
  const lessonOf = (e: Exercise) => parseLessonFolder(e.folder.split('/')[1] ?? '')?.order ?? 0;
  return (
    lessonOf(a) - lessonOf(b) ||
    (a.meta.order ?? 0) - (b.meta.order ?? 0) ||
    a.id.localeCompare(b.id)
  );
}

export interface ShapedExercise {
  exercise: Exercise;
  shapes: Shape[];
}

/**
 * A few exercises that between them have every shape any exercise has: greedily, the one
 * that adds the most shapes not yet covered; on a tie the one with the shortest time limit
 * (run.timeoutMs: a starter that hangs runs until it, so it bounds what the exercise costs a
 * suite), then the earliest in the course. The same course always gives the same cover.
 */
export function shapeCover(exercises: readonly Exercise[]): ShapedExercise[] {
  const shaped = [...exercises]
    .sort(courseOrder)
    .map((exercise) => ({ exercise, shapes: shapesOf(exercise.meta) }));
  const uncovered = new Set(shaped.flatMap((s) => s.shapes));
  const cover: ShapedExercise[] = [];
  while (uncovered.size > 0) {
    let best: ShapedExercise | undefined;
    let bestAdds = 0;
    for (const candidate of shaped) {
      const adds = candidate.shapes.filter((shape) => uncovered.has(shape)).length;
      const quicker =
        adds === bestAdds &&
        best !== undefined &&
        candidate.exercise.meta.run.timeoutMs < best.exercise.meta.run.timeoutMs;
      if (adds > bestAdds || quicker) [best, bestAdds] = [candidate, adds];
    }
    // Every uncovered shape came from some exercise, so one always adds at least one.
    cover.push(best!);
    for (const shape of best!.shapes) uncovered.delete(shape);
  }
  return cover.sort((a, b) => courseOrder(a.exercise, b.exercise));
}

/** "a stdio client (raw-client)", for a test's name. */
export function shapeLabel({ exercise, shapes }: ShapedExercise): string {
  return `${shapes.map((shape) => SHAPE_NAMES[shape]).join(' + ')} (${exercise.id})`;
}
