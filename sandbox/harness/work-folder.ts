// The fresh work folder a run happens in: the exercise's starter with the learner's editable
// files (or the solution) laid over it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isEditable } from '../exercises/editable.ts';
import { filesUnder } from '../exercises/loader.ts';
import type { Exercise } from '../exercises/loader.ts';
import { jsTwin } from '../strip/twin.ts';

/** How many numbered folders to try before taking a random name. */
const MAX_SLOTS = 100;

/**
 * A new, empty folder for one run, named `<id>-1`, `<id>-2`, … : the lowest number no other
 * run holds (mkdir is atomic, so two runs never share one). Runs of an exercise come back to
 * the same path, and Node's compile cache, which is keyed by a file's path, then finds the
 * learner's unchanged files compiled already: a fresh random folder cost every check about
 * 0.14 s of compiling and type stripping before the learner's program started.
 */
export function claimWorkFolder(root: string, id: string): string {
  for (let slot = 1; slot <= MAX_SLOTS; slot++) {
    const dir = join(root, `${id}-${slot}`);
    try {
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  // Folders left by harnesses that were killed outright fill the numbers: still run.
  return mkdtempSync(join(root, `${id}-`));
}

export function prepareWork(
  exercise: Exercise,
  work: string,
  from: { solution?: boolean; workspace?: string; stripped?: boolean },
): void {
  // The solution folder has no twins: it is for authoring, which runs on this project's Node.
  if (from.solution && from.stripped) throw new Error('the solution cannot run stripped');
  cpSync(join(exercise.dir, 'starter'), work, { recursive: true });
  if (from.solution) {
    cpSync(join(exercise.dir, 'solution'), work, { recursive: true });
  } else if (from.workspace) {
    const ws = resolve(from.workspace);
    if (!existsSync(ws)) throw new Error(`workspace folder ${ws} does not exist`);
    const editable = exercise.meta.files.editable.map((f) => (from.stripped ? jsTwin(f) : f));
    // Only editable files cross over: reference files stay the exercise's own.
    for (const file of filesUnder(ws).filter((f) => isEditable(editable, f))) {
      mkdirSync(dirname(join(work, file)), { recursive: true });
      cpSync(join(ws, file), join(work, file));
    }
  }
  // One of each pair stays (the bundler gives the container's starter a .js twin of each
  // .ts): the .ts where Node strips types, else the twin, so that a .ts something still
  // names fails on every Node alike rather than running on one that happens to strip.
  for (const file of filesUnder(work).filter((f) => jsTwin(f) !== f)) {
    const twin = join(work, jsTwin(file));
    if (existsSync(twin)) rmSync(from.stripped ? join(work, file) : twin);
  }
}
