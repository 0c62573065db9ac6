// The take-home parts as the build makes them (runtime manifest first, then take-home.json
// from it), and unzipping a take-home zip onto disk, for the take-home tests.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import { bundleTakeHome } from '../../sandbox/runtime/build/take-home-bundle.ts';
import type { TakeHomeParts } from '../../sandbox/runtime/shared/take-home-parts.ts';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export async function buildParts(): Promise<{ parts: TakeHomeParts; cleanup: () => void }> {
  const out = mkdtempSync(join(tmpdir(), 'mcpw-takehome-parts-'));
  const r = await bundleRuntime({ outDir: out, exercisesRoot: REPO });
  const t = await bundleTakeHome({ outDir: out, manifestPath: r.manifestPath });
  const parts = JSON.parse(readFileSync(t.partsPath, 'utf8')) as TakeHomeParts;
  return { parts, cleanup: () => rmSync(out, { recursive: true, force: true }) };
}

/** Writes every entry of the zip under `dir`, as a learner's unzip tool would. */
export function unzipInto(zip: Uint8Array, dir: string): string[] {
  const entries = unzipSync(zip);
  for (const [path, bytes] of Object.entries(entries)) {
    if (path.endsWith('/')) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  return Object.keys(entries);
}
