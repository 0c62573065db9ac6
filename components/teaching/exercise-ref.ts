// The exercise a <TryIt> points at. Unlike the lesson's own list of exercises (where a title
// may be missing while the exercise is being written), an in-place link must lead somewhere:
// an id with no folder in any lesson's exercises/ stops the build, naming the lesson file and
// the id, as src/content/course-links.ts does for its folders.
import { InputError } from '../../sandbox/input/friendly-errors.ts';
import { listExerciseIds, loadExercise } from '../../sandbox/exercises/loader.ts';

export interface ExerciseRef {
  id: string;
  title: string;
  summary: string;
  href: string;
}

export function exerciseRef(id: string, file: string, root = process.cwd()): ExerciseRef {
  const known = listExerciseIds(root);
  if (!known.includes(id)) {
    const list = known.length > 0 ? known.join(', ') : 'there are none';
    throw new InputError([
      `${file}: TryIt: there is no exercise "${id}" in any lesson's exercises/ (known: ${list})`,
    ]);
  }
  const { meta } = loadExercise(root, id);
  return { id, title: meta.title, summary: meta.summary, href: `/exercises/${id}/` };
}
