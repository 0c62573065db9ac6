// The fresh work folder a run happens in: the exercise's starter with the learner's editable
// files (or the solution) laid over it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/**
 * What of a workspace is never the learner's program: what no program needs copied for each
 * run (installed packages, version control, caches and hidden folders such as a virtual
 * environment, which hold absolute paths and work only where they are).
 */
const NOT_COPIED = new Set(['node_modules', '__pycache__']);

/**
 * The files of a workspace that a command of the learner's own may need: all of them, but
 * for what NOT_COPIED and `skip` (top-level names of the caller's own files) leave out.
 */
function commandFiles(ws: string, skip: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (sub: string, depth: number): void => {
    if (depth > 32) return;
    for (const entry of readdirSync(join(ws, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.name.startsWith('.') || NOT_COPIED.has(entry.name)) continue;
      if (!sub && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(rel, depth + 1);
      else if (entry.isFile() || entry.isSymbolicLink()) out.push(rel);
    }
  };
  walk('', 0);
  return out;
}

export function prepareWork(
  exercise: Exercise,
  work: string,
  from: {
    solution?: boolean;
    workspace?: string;
    stripped?: boolean;
    /** The learner's own command runs (RunOptions.command): their whole folder comes along. */
    command?: object;
    /** Top-level names in the workspace that are not the learner's (RunOptions.notLearners). */
    notLearners?: readonly string[];
  },
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
    // Only editable files cross over: reference files stay the exercise's own. A program in
    // another language may be any number of files of any name, and is started in the work
    // folder as the TypeScript would be: every file comes, but none replaces one of the
    // exercise's own (its driver, its reference server).
    const own = new Set(filesUnder(work));
    const files = from.command
      ? commandFiles(ws, from.notLearners ?? []).filter(
          (f) => !own.has(f) || isEditable(editable, f),
        )
      : filesUnder(ws).filter((f) => isEditable(editable, f));
    for (const file of files) {
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
