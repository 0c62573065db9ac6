// The one way to read an exercise: its folder on disk becomes one typed, validated Exercise
// (exercise.json, task, starter and solution files) that the exercise page, the workbench data,
// the runtime bundler, the local runtime, the harness and the CLIs all consume. It is a plain
// module rather than an Astro content collection because everything but the page runs outside
// Astro (harness, CLIs, workshop server), and sandbox/ must not depend on the site.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, parseWithFriendlyErrors } from '../input/friendly-errors.ts';
import { EXERCISE_ID_RULE, isExerciseId } from './ids.ts';
import { ExerciseMeta } from './schema.ts';

/** Relative path → text. */
export type FileMap = Record<string, string>;

export interface Exercise {
  id: string;
  dir: string;
  meta: ExerciseMeta;
  /** Markdown shown on the exercise page. */
  task: string;
  /** Every file under starter/: what a run starts from. */
  starter: FileMap;
  /** Every file under solution/: the editable files as the solution has them. */
  solution: FileMap;
}

export class ExerciseError extends Error {}

/** The repository's exercises/ folder, when running from source. */
export function defaultExercisesRoot(): string {
  return fileURLToPath(new URL('../../exercises/', import.meta.url));
}

export function listExerciseIds(root: string): string[] {
  if (!existsSync(root)) throw new ExerciseError(`no exercises folder at ${root}`);
  return readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'exercise.json')))
    .sort();
}

/** The folders under root that hold checks (a check.ts), in id order: what the registry loads. */
export function idsWithChecks(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'check.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** Every exercise under root, in id order; the first broken one throws. */
export function loadExercises(root: string): Exercise[] {
  return listExerciseIds(root).map((id) => loadExercise(root, id));
}

export function loadExercise(root: string, id: string): Exercise {
  if (!isExerciseId(id)) {
    throw new ExerciseError(`"${id}" is not an exercise id (${EXERCISE_ID_RULE})`);
  }
  const dir = join(root, id);
  const file = join(dir, 'exercise.json');
  const shown = relative(process.cwd(), file) || file;
  if (!existsSync(file)) {
    const known = existsSync(root) ? listExerciseIds(root).join(', ') : '';
    throw new ExerciseError(`unknown exercise "${id}"${known ? ` (known: ${known})` : ''}`);
  }
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
  return { id, dir, meta, task, starter, solution: readFiles(join(dir, 'solution')) };
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
