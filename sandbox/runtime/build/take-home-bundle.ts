// Builds runtime/take-home.json (shared/take-home-parts.ts) from what the container gets
// (the runtime manifest bundle.ts just wrote): its packages and exercise files as they are,
// with the take-home harness (container/take-home-entry.ts) in place of the container's.
// Reading the manifest rather than the exercises again keeps the zip and the container from
// drifting apart.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExerciseMeta } from '../../exercises/schema.ts';
import { bundleHarness } from './bundle.ts';
import type { RuntimeManifest } from '../shared/manifest.ts';
import { CONTAINER_PATHS } from '../shared/container-paths.ts';
import { TAKE_HOME_PATHS, type TakeHomeParts } from '../shared/take-home-parts.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface TakeHomeResult {
  partsPath: string;
  harnessBytes: number;
  partsBytes: number;
}

export async function bundleTakeHome(options: {
  outDir: string;
  /** The runtime manifest bundleRuntime wrote. */
  manifestPath: string;
}): Promise<TakeHomeResult> {
  const manifest = JSON.parse(readFileSync(options.manifestPath, 'utf8')) as RuntimeManifest;
  const harness = await bundleHarness(join(here, '../container/take-home-entry.ts'));
  const parts: TakeHomeParts = {
    files: { [TAKE_HOME_PATHS.harness]: harness },
    exercises: {},
  };
  const prefix = `${CONTAINER_PATHS.exercises}/`;
  for (const [path, text] of Object.entries(manifest.files)) {
    if (path === CONTAINER_PATHS.harness || path.startsWith(prefix)) continue;
    // node_modules/… and the package.json that makes .ts and .mjs files ES modules.
    parts.files[path] = text;
  }
  for (const [id, { editable }] of Object.entries(manifest.exercises)) {
    const base = `${prefix}${id}/`;
    const meta = JSON.parse(manifest.files[`${base}exercise.json`]) as ExerciseMeta;
    const files: Record<string, string> = {};
    for (const [path, text] of Object.entries(manifest.files)) {
      if (path.startsWith(base)) {
        files[`${TAKE_HOME_PATHS.exercises}/${id}/${path.slice(base.length)}`] = text;
      }
    }
    parts.exercises[id] = { title: meta.title, editable, reference: meta.files.reference, files };
  }
  mkdirSync(options.outDir, { recursive: true });
  const json = JSON.stringify(parts);
  const partsPath = join(options.outDir, 'take-home.json');
  writeFileSync(partsPath, json);
  return {
    partsPath,
    harnessBytes: Buffer.byteLength(harness),
    partsBytes: Buffer.byteLength(json),
  };
}
