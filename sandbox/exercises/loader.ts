// Finds exercises on disk and validates their exercise.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { friendlyLines } from '../input/friendly-errors.ts';
import { EXERCISE_ID_RULE, isExerciseId } from './ids.ts';
import { ExerciseMeta } from './schema.ts';

export interface Exercise {
  id: string;
  dir: string;
  meta: ExerciseMeta;
  /** Markdown shown on the exercise page. */
  task: string;
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
  const parsed = ExerciseMeta.safeParse(raw);
  if (!parsed.success)
    throw new ExerciseError(friendlyLines(parsed.error, { file: shown }).join('\n'));
  const meta = parsed.data;
  for (const f of [...meta.files.editable, ...meta.files.reference]) {
    if (!existsSync(join(dir, 'starter', f))) {
      throw new ExerciseError(`${shown}: files: "${f}" is listed but starter/${f} does not exist`);
    }
  }
  const taskFile = join(dir, 'task.md');
  const task = existsSync(taskFile) ? readFileSync(taskFile, 'utf8') : '';
  return { id, dir, meta, task };
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
