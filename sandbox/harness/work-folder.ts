// The fresh work folder a run happens in: the exercise's starter with the learner's editable
// files (or the solution) laid over it.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isEditable } from '../exercises/editable.ts';
import { filesUnder } from '../exercises/loader.ts';
import type { Exercise } from '../exercises/loader.ts';

export function prepareWork(
  exercise: Exercise,
  work: string,
  from: { solution?: boolean; workspace?: string },
): void {
  cpSync(join(exercise.dir, 'starter'), work, { recursive: true });
  if (from.solution) {
    cpSync(join(exercise.dir, 'solution'), work, { recursive: true });
  } else if (from.workspace) {
    const ws = resolve(from.workspace);
    if (!existsSync(ws)) throw new Error(`workspace folder ${ws} does not exist`);
    const { editable } = exercise.meta.files;
    // Only editable files cross over: reference files stay the exercise's own.
    for (const file of filesUnder(ws).filter((f) => isEditable(editable, f))) {
      mkdirSync(dirname(join(work, file)), { recursive: true });
      cpSync(join(ws, file), join(work, file));
    }
  }
}
