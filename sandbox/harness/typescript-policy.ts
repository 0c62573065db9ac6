// Before a run starts where Node runs the learner's .ts as it is (the CLI, the local runtime,
// a container whose Node strips types): the learner's files may use only TypeScript that
// Node can erase. The page applies the same scan as it strips (sandbox/strip/strip-types.ts),
// so a file with an enum or a parameter property is refused alike everywhere, naming its line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEditable } from '../exercises/editable.ts';
import { filesUnder, type Exercise } from '../exercises/loader.ts';
import { unerasable } from '../strip/erasable.ts';
import type { StripProblem } from '../strip/problem.ts';

/** Every construct Node cannot strip in the learner's .ts files of the work folder. */
export function unrunnableTypeScript(exercise: Exercise, work: string): StripProblem[] {
  const editable = exercise.meta.files.editable;
  return filesUnder(work)
    .filter((file) => file.endsWith('.ts') && isEditable(editable, file))
    .sort()
    .flatMap((file) => unerasable(readFileSync(join(work, file), 'utf8'), file));
}
