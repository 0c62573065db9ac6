// The one way to read an exercise: its folder on disk becomes one typed, validated Exercise
// (exercise.json, task, starter and solution files) that the exercise page, the workbench data,
// the runtime bundler, the local runtime, the harness and the CLIs all consume. It is a plain
// module rather than an Astro content collection because everything but the page runs outside
// Astro (harness, CLIs, workshop server), and sandbox/ must not depend on the site. Which
// folders there are is sandbox/course/exercise-folders.ts's to say.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXERCISE_FILE,
  exerciseFoldersAt,
  isCheckout,
  type ExerciseFolder,
} from '../course/exercise-folders.ts';
import { InputError, parseWithFriendlyErrors } from '../input/friendly-errors.ts';
import { EXERCISE_ID_RULE, isExerciseId } from './ids.ts';
import { ExerciseMeta } from './schema.ts';

/** Relative path → text. */
export type FileMap = Record<string, string>;

export interface Exercise {
  id: string;
  dir: string;
  /** Its folder relative to the root it was loaded from: lessons/12-sampling/exercises/ask-the-model. */
  folder: string;
  /** The slug of the lesson whose folder holds it; a bundle's shelf has no lessons. */
  lesson?: string;
  meta: ExerciseMeta;
  /** Markdown shown on the exercise page. */
  task: string;
  /** Every file under starter/: what a run starts from. */
  starter: FileMap;
  /** Every file under solution/: the editable files as the solution has them. */
  solution: FileMap;
}

export class ExerciseError extends Error {}

/**
 * Where the exercises are when running from source: the checkout itself, whose lessons hold
 * them. Every `root` below is this or a bundle's shelf (see exerciseFoldersAt).
 */
export function defaultExercisesRoot(): string {
  return fileURLToPath(new URL('../../', import.meta.url));
}

/** Where runs make work folders unless told: .workspaces at a checkout's top, or beside a shelf. */
export function defaultWorkRoot(root: string): string {
  return isCheckout(root) ? join(root, '.workspaces') : join(root, '..', '.workspaces');
}

/** The exercise folders under root; a misnamed or doubled one throws an ExerciseError. */
function foldersAt(root: string): ExerciseFolder[] {
  if (!existsSync(root)) throw new ExerciseError(`no exercises folder at ${root}`);
  try {
    return exerciseFoldersAt(root);
  } catch (err) {
    throw new ExerciseError((err as Error).message);
  }
}

export function listExerciseIds(root: string): string[] {
  return foldersAt(root).map((folder) => folder.id);
}

/** Every exercise under root, in id order; the first broken one throws. */
export function loadExercises(root: string): Exercise[] {
  return foldersAt(root).map(loadExerciseFolder);
}

export function loadExercise(root: string, id: string): Exercise {
  if (!isExerciseId(id)) {
    throw new ExerciseError(`"${id}" is not an exercise id (${EXERCISE_ID_RULE})`);
  }
  const folders = existsSync(root) ? foldersAt(root) : [];
  const found = folders.find((folder) => folder.id === id);
  if (!found) {
    const known = folders.map((folder) => folder.id).join(', ');
    throw new ExerciseError(`unknown exercise "${id}"${known ? ` (known: ${known})` : ''}`);
  }
  return loadExerciseFolder(found);
}

/** One exercise folder, already found, read and validated. */
export function loadExerciseFolder({ id, dir, folder, lesson }: ExerciseFolder): Exercise {
  const file = join(dir, EXERCISE_FILE);
  const shown = relative(process.cwd(), file) || file;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ExerciseError(`${shown}: not valid JSON: ${(err as Error).message}`);
  }
  let meta: ExerciseMeta;
  try {
    meta = parseWithFriendlyErrors(ExerciseMeta, raw, { file: shown });
  } catch (err) {
    if (err instanceof InputError) throw new ExerciseError(err.message);
    throw err;
  }
  const starter = readFiles(join(dir, 'starter'));
  for (const f of [...meta.files.editable, ...meta.files.reference]) {
    if (!(f in starter)) {
      throw new ExerciseError(`${shown}: files: "${f}" is listed but starter/${f} does not exist`);
    }
  }
  const taskFile = join(dir, 'task.md');
  const task = existsSync(taskFile) ? readFileSync(taskFile, 'utf8') : '';
  const solution = readFiles(join(dir, 'solution'));
  return {
    id,
    dir,
    folder,
    ...(lesson === undefined ? {} : { lesson }),
    meta,
    task,
    starter,
    solution,
  };
}

function readFiles(dir: string): FileMap {
  return Object.fromEntries(filesUnder(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

/** Every file under a folder, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (sub: string): void => {
    for (const name of readdirSync(join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}
