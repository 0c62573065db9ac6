// A throwaway folder holding one run's learner files, handed to the harness as --workspace
// (the harness copies the starter and lays the editable files over it). Paths are checked
// against the exercise's editable list first, so a request can never write elsewhere.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { assertEditable } from '../../exercises/editable.ts';
import { loadExercise } from '../../exercises/loader.ts';
import type { WorkspaceFiles } from '../shared/types.ts';
import { CONSOLE_PROGRAM } from '../../harness/console-limits.ts';

/** Throws NotEditableError when `files` names a file the exercise does not let the learner edit. */
export function prepareWorkspace(
  exercisesRoot: string,
  exercise: string,
  files: WorkspaceFiles,
): string {
  assertEditable(
    exercise,
    loadExercise(exercisesRoot, exercise).meta.files.editable,
    Object.keys(files),
  );
  const dir = mkdtempSync(join(tmpdir(), 'mcpw-run-'));
  for (const [path, text] of Object.entries(files)) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return dir;
}

/** The folder of a console session: its one program, under the name the harness reads. */
export function consoleWorkspace(program: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpw-console-'));
  writeFileSync(join(dir, CONSOLE_PROGRAM), program);
  return dir;
}

export function removeWorkspace(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
