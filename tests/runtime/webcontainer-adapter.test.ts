// The WebContainer adapter over the fake container: the real bundled harness runs in real
// Node processes, but all output reaches the adapter as a merged, \r\n, ANSI-coloured
// pseudo-terminal stream, as in the browser.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExercise } from '../../sandbox/exercises/loader.ts';
import { bundleRuntime } from '../../sandbox/runtime/bundle.ts';
import { BootError, type BootStage } from '../../sandbox/runtime/types.ts';
import { toTree, WebContainerRuntime } from '../../sandbox/runtime/webcontainer/adapter.ts';
import type { RuntimeManifest } from '../../sandbox/runtime/webcontainer/manifest.ts';
import { runtimeContract, collect, SOLUTION } from './contract.ts';
import { FakeWebContainer, type FakeOptions } from './fake-webcontainer.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let out: string;
let manifest: RuntimeManifest;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'mcpw-bundle-'));
  const r = await bundleRuntime({ outDir: out, exercisesRoot: join(repo, 'exercises') });
  manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8')) as RuntimeManifest;
});
// Every container any test booted is torn down at the end, also those of a test that failed
// or booted again after a teardown: each holds a temp folder that must not outlive the file.
const booted: FakeWebContainer[] = [];
afterAll(() => {
  for (const c of booted) c.teardown();
  rmSync(out, { recursive: true, force: true });
});

function adapter(fake: FakeOptions = {}, extra: { timeout?: number; isolated?: boolean } = {}) {
  const containers: FakeWebContainer[] = [];
  const runtime = new WebContainerRuntime({
    boot: async () => {
      const c = await FakeWebContainer.boot(fake);
      containers.push(c);
      booted.push(c);
      return c;
    },
    loadManifest: async () => manifest,
    bootTimeoutMs: extra.timeout ?? 20_000,
    isolated: () => extra.isolated ?? true,
  });
  return { runtime, containers };
}

runtimeContract('WebContainer adapter over the fake container', async () => adapter().runtime);

async function bootError(runtime: WebContainerRuntime, stages: BootStage[] = []) {
  const err = await runtime.boot((s) => stages.push(s)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BootError);
  return err as BootError;
}

describe('WebContainer adapter specifics', () => {
  it('refuses at once when the page is not cross-origin isolated, before booting', async () => {
    const { runtime, containers } = adapter({}, { isolated: false });
    const stages: BootStage[] = [];
    expect((await bootError(runtime, stages)).reason).toBe('not-isolated');
    expect(stages).toEqual([]);
    expect(containers).toEqual([]);
  });

  it('gives up on a boot that never answers with reason "timeout"', async () => {
    const { runtime } = adapter({ hang: true }, { timeout: 300 });
    const err = await bootError(runtime);
    expect(err.reason).toBe('timeout');
    expect(err.message).toMatch(/did not start/);
  });

  it('reports a boot that throws as "blocked", and can be retried', async () => {
    const { runtime } = adapter({ bootError: 'third-party iframe blocked' });
    const err = await bootError(runtime);
    expect(err.reason).toBe('blocked');
    expect(err.message).toContain('third-party iframe blocked');
  });

  it('detects a Node that cannot strip types and says so', async () => {
    const { runtime } = adapter({ stripTypes: false });
    const stages: BootStage[] = [];
    const err = await bootError(runtime, stages);
    expect(err.reason).toBe('no-typescript');
    expect(stages).toEqual(['booting', 'mounting', 'checking-node']);
  });

  it('runs .ts natively when the container Node strips types (no NODE_OPTIONS)', async () => {
    const { runtime, containers } = adapter();
    await runtime.boot();
    expect(runtime.nodeOptions).toBe('');
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    await collect(await runtime.spawn('raw-client', 'run'));
    const harness = containers[0].spawned.find((s) => s.args[0] === 'runtime/harness.mjs');
    expect(harness?.env).toEqual({});
    await runtime.teardown();
    expect(containers[0].tornDown).toBe(true);
  });

  it('mounts the bundle: no npm install ever runs, node_modules holds only bundled entries', async () => {
    const { runtime, containers } = adapter();
    await runtime.boot();
    expect(Object.keys(manifest.files)).toContain('runtime/harness.mjs');
    const modules = Object.keys(manifest.files).filter((f) => f.startsWith('node_modules/'));
    expect(modules).toContain('node_modules/@modelcontextprotocol/sdk/server/mcp.js');
    expect(modules).toContain('node_modules/zod/index.js');
    expect(modules.length).toBeLessThan(30);
    expect(containers[0].spawned.every((s) => s.command === 'node')).toBe(true);
    await runtime.teardown();
  });

  it('carries each exercise parsed: its editable files, and exercise.json with defaults filled', () => {
    expect(manifest.exercises['raw-client']).toEqual({
      editable: ['client.ts'],
      timeoutMs: 10_000,
    });
    expect(Object.keys(manifest.exercises).sort()).toEqual([
      'raw-client',
      'stdout-is-the-wire',
      'two-kinds-of-failure',
    ]);
    // The harness in the container reads this file; the build wrote it from the parsed value.
    const root = join(repo, 'exercises');
    for (const id of Object.keys(manifest.exercises)) {
      expect(manifest.files[`exercises/${id}/exercise.json`]).toBe(
        JSON.stringify(loadExercise(root, id).meta),
      );
    }
  });

  it('learner code that imports the SDK and zod runs against the bundled packages', async () => {
    // The fake container lives in the temp folder, far from the repository's node_modules:
    // the imports can only resolve to the bundled ones.
    const { runtime, containers } = adapter();
    await runtime.boot();
    expect(containers[0].dir.startsWith(repo)).toBe(false);
    const solution = readFileSync(
      join(repo, 'exercises/stdout-is-the-wire/solution/server.ts'),
      'utf8',
    );
    await runtime.mount('stdout-is-the-wire', { 'server.ts': solution });
    const events = await collect(await runtime.spawn('stdout-is-the-wire', 'check'));
    const failed = events.filter((e) => e.type === 'check' && !e.ok);
    expect(failed).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'done', passed: true });
    await runtime.teardown();
  });
});

describe('toTree', () => {
  it('nests paths into a WebContainer FileSystemTree', () => {
    expect(toTree({ 'a/b.txt': 'x', 'a/c/d.ts': 'y', 'e.json': '{}' })).toEqual({
      a: {
        directory: {
          'b.txt': { file: { contents: 'x' } },
          c: { directory: { 'd.ts': { file: { contents: 'y' } } } },
        },
      },
      'e.json': { file: { contents: '{}' } },
    });
  });
});
