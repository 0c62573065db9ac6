// Every exercise's checks, found by folder: lessons/<NN>-<slug>/exercises/<id>/check.ts
// exports `checks`, and the folders that have one are the list, so adding an exercise edits
// no list. Node (the CLI, the local runtime, the tests) reads the folders as this module
// loads. A bundle cannot read them once it runs, so the bundler (sandbox/runtime/build/bundle.ts)
// gives esbuild this module's static twin, written from the same folders when it builds
// (sandbox/runtime/build/checks-from-folders.ts). Only the composition roots import it: the rest
// of the engine is handed the checks.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Check } from '../contract/check.ts';
import { CHECKS_FILE, checkFolders } from './exercise-folders.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The checks of every exercise in root's lessons, by id (root: a checkout or a copy of one). */
export async function checksIn(root: string): Promise<Record<string, readonly Check[]>> {
  const loaded = checkFolders(root).map(async ({ id, folder, dir }) => {
    const file = `${folder}/${CHECKS_FILE}`;
    const module = (await import(pathToFileURL(join(dir, CHECKS_FILE)).href)) as {
      checks?: unknown;
    };
    if (!Array.isArray(module.checks)) {
      throw new Error(
        `${file}: needs export const checks: Check[] = [...] (the checks its Check runs)`,
      );
    }
    return [id, module.checks as readonly Check[]] as const;
  });
  return Object.fromEntries(await Promise.all(loaded));
}

export const checks: Readonly<Record<string, readonly Check[]>> = await checksIn(REPO);
