// The WebContainer adapter over the fake container: the real bundled harness runs in real
// Node processes, but all output reaches the adapter as a merged, \r\n, ANSI-coloured
// pseudo-terminal stream, as in the browser. Here the container's Node strips types, as this
// project's does; webcontainer-stripped.test.ts runs the same contract on one that cannot.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExercise } from '../../sandbox/exercises/loader.ts';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { BootError, type BootStage } from '../../sandbox/runtime/shared/types.ts';
import {
  toTree,
  type ContainerProcess,
  type WebContainerRuntime,
} from '../../sandbox/runtime/page/webcontainer-adapter.ts';
import { runtimeContract, collect, SOLUTION } from './contract.ts';
import { done, fakeAdapters, learnerText, repo } from './webcontainer-fixture.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const { adapter, manifest } = fakeAdapters();

runtimeContract('WebContainer adapter, Node that strips types', async () => adapter().runtime);

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

  it('asks for the exercise files while the sandbox boots, not after', async () => {
    const log: string[] = [];
    const { runtime } = adapter({}, { log });
    await runtime.boot();
    expect(log).toEqual(['manifest', 'booted']);
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

  it('runs .ts natively when the container Node strips types: no twins, no stripper', async () => {
    const { runtime, containers, stripperLoads } = adapter();
    await runtime.boot();
    expect(runtime.about).toEqual({ node: process.version, typescript: 'native' });
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    const ws = join(containers[0].dir, 'workspaces/raw-client');
    expect(existsSync(join(ws, 'client.ts'))).toBe(true);
    expect(existsSync(join(ws, 'client.js'))).toBe(false);
    expect(done(await collect(await runtime.spawn('raw-client', 'run'))).verdict).toBe('completed');
    const harness = containers[0].spawned.find((s) => s.args[0] === 'runtime/harness.mjs');
    expect(harness?.args).not.toContain('--stripped');
    expect(stripperLoads()).toBe(0);
    await runtime.teardown();
    expect(containers[0].tornDown).toBe(true);
  });

  it('carries frames and output byte-exact through the terminal: CR LF in JSON, non-ASCII, cut characters', async () => {
    const { runtime, containers } = adapter();
    await runtime.boot();
    // Long enough that the terminal's chunks cut inside characters (counted by the fake).
    const name = `naïve ✓ 日本 🙂\r\n`.repeat(40);
    const client = [
      "import { spawn } from 'node:child_process';",
      "import { createInterface } from 'node:readline';",
      'const [command, ...args] = process.argv.slice(2);',
      "const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });",
      `const name = ${JSON.stringify(name)};`,
      'const hello = { jsonrpc: "2.0", id: 1, method: "initialize", params: {',
      '  protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } } };',
      "server.stdin.write(JSON.stringify(hello) + '\\n');",
      "createInterface({ input: server.stdout }).once('line', () => {",
      '  process.stdout.write(name);',
      '  server.stdin.end();',
      '});',
    ].join('\n');
    await runtime.mount('raw-client', { 'client.ts': client });
    const events = await collect(await runtime.spawn('raw-client', 'run'));
    const frames = events.filter((e) => e.type === 'frame');
    const hello = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name, version: '1' },
      },
    };
    expect(frames[0]).toMatchObject({ seq: 0, dir: 'c2s', text: JSON.stringify(hello) });
    expect(learnerText(events, 'stdout')).toBe(name);
    expect(done(events).verdict).toBe('completed');
    expect(containers[0].cutInside.utf8).toBeGreaterThan(0);
    expect(containers[0].cutInside.surrogates).toBeGreaterThan(0);
    await runtime.teardown();
  });

  it('mounts the bundle: no npm install ever runs, node_modules holds only bundled entries', async () => {
    const { runtime, containers } = adapter();
    await runtime.boot();
    const files = manifest().files;
    expect(Object.keys(files)).toContain('runtime/harness.mjs');
    const modules = Object.keys(files).filter((f) => f.startsWith('node_modules/'));
    expect(modules).toContain('node_modules/@modelcontextprotocol/sdk/server/mcp.js');
    expect(modules).toContain('node_modules/zod/index.js');
    expect(modules.length).toBeLessThan(30);
    expect(containers[0].spawned.every((s) => s.command === 'node')).toBe(true);
    // WebContainer picks its Node from engines.
    expect(JSON.parse(files['package.json'])).toMatchObject({ engines: { node: '>=22' } });
    await runtime.teardown();
  });

  it('ships every starter .ts with its twin stripped at build, importing twins', () => {
    const files = manifest().files;
    const starters = Object.keys(files).filter((f) =>
      /^exercises\/[^/]+\/starter\/.*\.ts$/.test(f),
    );
    expect(starters.length).toBeGreaterThanOrEqual(6);
    for (const f of starters)
      expect(files[f.replace(/\.ts$/, '.js')]).toContain('sourceMappingURL');
    const drive = files['exercises/two-kinds-of-failure/starter/drive.js'];
    expect(drive).toContain("from './cases.js'");
    expect(drive).toContain("from './outcome.js'");
    expect(drive).not.toMatch(/: Record<string, unknown>/);
  });

  it('carries each exercise parsed: its editable files, and exercise.json with defaults filled', () => {
    expect(manifest().exercises['raw-client']).toEqual({
      editable: ['client.ts'],
      timeoutMs: 10_000,
    });
    // Every registered exercise, and nothing else.
    expect(Object.keys(manifest().exercises).sort()).toEqual(Object.keys(checks).sort());
    expect(Object.keys(checks).length).toBeGreaterThanOrEqual(3);
    // The harness in the container reads this file; the build wrote it from the parsed value.
    const root = repo;
    for (const id of Object.keys(manifest().exercises)) {
      expect(manifest().files[`exercises/${id}/exercise.json`]).toBe(
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
      join(exerciseFolderOf('stdout-is-the-wire', repo)!.dir, 'solution/server.ts'),
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

// Frames travel only through the harness's own pipes inside the container: the adapter's
// slice of a container process has no terminal input to type into (checked by tsc).
export function noTerminalInput(p: ContainerProcess): void {
  // @ts-expect-error -- WebContainerProcess.input is deliberately not part of the slice.
  void p.input;
}

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
