// Build time only: reads an exercise from disk into what the workbench needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExercise } from '../../sandbox/exercises/loader.ts';
import type { WorkbenchData } from './data.ts';

export function workbenchData(root: string, id: string): WorkbenchData {
  const ex = loadExercise(root, id);
  const read = (dir: string, f: string) => readFileSync(join(ex.dir, dir, f), 'utf8');
  return {
    id,
    title: ex.meta.title,
    howToRun: ex.meta.howToRun,
    editable: ex.meta.files.editable.map((path) => ({
      path,
      starter: read('starter', path),
      solution: existsSync(join(ex.dir, 'solution', path)) ? read('solution', path) : undefined,
    })),
    reference: ex.meta.files.reference.map((path) => ({ path, text: read('starter', path) })),
  };
}
