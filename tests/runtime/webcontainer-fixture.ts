// WebContainer adapters over fake containers, for a test file: the runtime is bundled once
// before its tests, and every container any test booted is torn down after them, also those
// of a test that failed or booted again after a teardown (each holds a temp folder).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import { WebContainerRuntime } from '../../sandbox/runtime/page/webcontainer-adapter.ts';
import type { ExtraFiles, RuntimeManifest } from '../../sandbox/runtime/shared/manifest.ts';
import { FakeWebContainer, type FakeOptions } from './fake-webcontainer.ts';

export const repo = fileURLToPath(new URL('../../', import.meta.url));

export interface FakeAdapter {
  runtime: WebContainerRuntime;
  containers: FakeWebContainer[];
  /** How often the runtime loaded the stripper. */
  stripperLoads(): number;
}

export interface AdapterExtras {
  timeout?: number;
  isolated?: boolean;
  /** Receives 'manifest' when the files are asked for and 'booted' when the boot answers. */
  log?: string[];
}

/** `exercisesRoot`: the course the bundle carries (default: this repository's). */
export function fakeAdapters(exercisesRoot = repo): {
  manifest(): RuntimeManifest;
  adapter(fake?: FakeOptions, extra?: AdapterExtras): FakeAdapter;
} {
  let out: string;
  let manifest: RuntimeManifest;
  const booted: FakeWebContainer[] = [];
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'mcpw-bundle-'));
    const r = await bundleRuntime({ outDir: out, exercisesRoot });
    manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8')) as RuntimeManifest;
  });
  afterAll(() => {
    for (const c of booted) c.teardown();
    rmSync(out, { recursive: true, force: true });
  });
  return {
    manifest: () => manifest,
    adapter(fake = {}, extra = {}) {
      const containers: FakeWebContainer[] = [];
      let loads = 0;
      const runtime = new WebContainerRuntime({
        boot: async () => {
          const c = await FakeWebContainer.boot(fake);
          extra.log?.push('booted');
          containers.push(c);
          booted.push(c);
          return c;
        },
        loadManifest: async () => {
          extra.log?.push('manifest');
          return manifest;
        },
        // Beside the manifest, as the site serves them.
        loadExtraFiles: async (name) =>
          JSON.parse(readFileSync(join(out, name), 'utf8')) as ExtraFiles,
        loadStripper: () => {
          loads++;
          return import('../../sandbox/strip/strip-types.ts');
        },
        loadScanner: () => import('../../sandbox/strip/erasable.ts'),
        bootTimeoutMs: extra.timeout ?? 20_000,
        isolated: () => extra.isolated ?? true,
      });
      return { runtime, containers, stripperLoads: () => loads };
    },
  };
}

export function done(events: HarnessEvent[]) {
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(`last event is ${last?.type}, not done`);
  return last;
}

/** Everything the learner's code wrote on one stream. */
export function learnerText(events: HarnessEvent[], type: 'stdout' | 'stderr'): string {
  return events.map((e) => (e.type === type && e.source === 'learner' ? e.text : '')).join('');
}
