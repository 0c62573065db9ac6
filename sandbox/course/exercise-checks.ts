// Every exercise's checks, found by folder: exercises/<id>/check.ts exports `checks`, and the
// folders that have one are the list, so adding an exercise edits no list. Node (the CLI, the
// local runtime, the tests) reads the folders as this module loads. A bundle cannot read
// them once it runs, so the bundler (sandbox/runtime/bundle.ts) gives esbuild this module's
// static twin, written from the same folders when it builds.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Check } from '../sandbox/contract/check.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CHECKS_FILE = 'check.ts';

/** The exercises with checks: every folder here that holds a check.ts, in id order. */
const ids = readdirSync(HERE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(HERE, entry.name, CHECKS_FILE)))
  .map((entry) => entry.name)
  .sort();

async function checksOf(id: string): Promise<readonly Check[]> {
  const file = `exercises/${id}/${CHECKS_FILE}`;
  const module = (await import(pathToFileURL(join(HERE, id, CHECKS_FILE)).href)) as {
    checks?: unknown;
  };
  if (!Array.isArray(module.checks)) {
    throw new Error(
      `${file}: needs export const checks: Check[] = [...] (the checks its Check runs)`,
    );
  }
  return module.checks as readonly Check[];
}

export const checks: Readonly<Record<string, readonly Check[]>> = Object.fromEntries(
  await Promise.all(ids.map(async (id) => [id, await checksOf(id)] as const)),
);
