// A throwaway folder holding one run's learner files, handed to the harness as --workspace
// (the harness copies the starter and lays the editable files over it). Paths are checked
// against the exercise's editable list first, so a request can never write elsewhere.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadExercise } from '../../exercises/loader.ts';
import type { WorkspaceFiles } from '../types.ts';

/** The request named files the exercise does not let the learner edit. */
export class WorkspaceError extends Error {}

export function prepareWorkspace(
  exercisesRoot: string,
  exercise: string,
  files: WorkspaceFiles,
): string {
  const editable = loadExercise(exercisesRoot, exercise).meta.files.editable;
  for (const path of Object.keys(files)) {
    if (!editable.includes(path)) {
      throw new WorkspaceError(
        `"${path}" is not an editable file of ${exercise} (editable: ${editable.join(', ')})`,
      );
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'mcpw-run-'));
  for (const [path, text] of Object.entries(files)) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return dir;
}

export function removeWorkspace(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
