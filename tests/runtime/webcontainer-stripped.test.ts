// The WebContainer adapter over a fake container whose Node cannot strip types (Node 22 with
// stripping off, as nothing says WebContainer's strips): the page strips the learner's files
// into .js twins, the bundle carries the exercises' own twins, and the harness runs those.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BootStage } from '../../sandbox/runtime/shared/types.ts';
import { runtimeContract, collect, SOLUTION } from './contract.ts';
import { done, fakeAdapters, learnerText } from './webcontainer-fixture.ts';

const { adapter } = fakeAdapters();

runtimeContract(
  'WebContainer adapter, Node 22 that cannot strip types',
  async () => adapter({ node: 22 }).runtime,
);

describe('WebContainer adapter without type stripping', () => {
  it('boots on a Node 22 that cannot strip types, and says how it runs TypeScript', async () => {
    const { runtime, stripperLoads } = adapter({ node: 22 });
    expect(runtime.about).toBeUndefined();
    const stages: BootStage[] = [];
    await runtime.boot((s) => stages.push(s));
    expect(stages).toEqual(['booting', 'mounting', 'checking-node', 'ready']);
    expect(runtime.about).toEqual({ node: 'v22.23.3', typescript: 'stripped' });
    // Fetched during boot, before the first run needs it.
    expect(stripperLoads()).toBe(1);
    await runtime.teardown();
    expect(runtime.about).toBeUndefined();
  });

  it('also strips on this Node when its stripping is off', async () => {
    const { runtime } = adapter({ stripTypes: false });
    await runtime.boot();
    expect(runtime.about).toEqual({ node: process.version, typescript: 'stripped' });
    await runtime.teardown();
  });

  it('without stripping: mounts the learner .ts as its .js twin and runs the harness --stripped', async () => {
    const { runtime, containers, stripperLoads } = adapter({ node: 22 });
    await runtime.boot();
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    const ws = join(containers[0].dir, 'workspaces/raw-client');
    expect(existsSync(join(ws, 'client.ts'))).toBe(false);
    expect(readFileSync(join(ws, 'client.js'), 'utf8')).toContain('sourceMappingURL=data:');
    const events = await collect(await runtime.spawn('raw-client', 'check'));
    expect(done(events)).toMatchObject({ verdict: 'completed', passed: true });
    const harness = containers[0].spawned.find((s) => s.args[0] === 'runtime/harness.mjs');
    expect(harness?.args).toContain('--stripped');
    expect(stripperLoads()).toBe(1);
    await runtime.teardown();
  });

  it('without stripping, a stack trace still points at the line of the learner .ts', async () => {
    const { runtime } = adapter({ node: 22 });
    await runtime.boot();
    const lines = [
      'interface Order {',
      '  id: string;',
      '  status: "shipped" | "lost";',
      '}',
      'const order: Order = { id: "PT-1", status: "lost" };',
      'if (order.status === "lost") throw new Error(`lost ${order.id}`);',
    ];
    await runtime.mount('raw-client', { 'client.ts': lines.join('\n') + '\n' });
    const events = await collect(await runtime.spawn('raw-client', 'run'));
    const stderr = learnerText(events, 'stderr');
    expect(stderr).toContain('Error: lost PT-1');
    // Node 22 honours the inline source map: the learner's own file and line.
    expect(stderr).toMatch(/client\.ts:6:\d+/);
    expect(done(events).verdict).toBe('crashed');
    await runtime.teardown();
  });

  it('a learner file that does not parse: the run names file, line and column, and starts nothing', async () => {
    const { runtime, containers } = adapter({ node: 22 });
    await runtime.boot();
    const harnessRuns = () =>
      containers[0].spawned.filter((s) => s.args[0] === 'runtime/harness.mjs').length;
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    await collect(await runtime.spawn('raw-client', 'run'));
    expect(harnessRuns()).toBe(1);

    const broken = 'const a: number = 1;\nconsole.log(a);\nconst b = (a;\n';
    await runtime.mount('raw-client', { 'client.ts': broken });
    const proc = await runtime.spawn('raw-client', 'check');
    const events = await collect(proc);
    expect(events).toEqual([
      {
        type: 'stderr',
        source: 'learner',
        text: 'client.ts:3:13: Unexpected token, expected ","\n',
      },
      {
        type: 'done',
        verdict: 'error',
        summary: 'nothing was run: client.ts has a syntax error at line 3, column 13',
      },
    ]);
    expect(await proc.exit).toBe(0);
    expect(harnessRuns()).toBe(1);

    // Mended, it runs again: the last mount counts.
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    expect(done(await collect(await runtime.spawn('raw-client', 'check'))).passed).toBe(true);
    expect(harnessRuns()).toBe(2);
    await runtime.teardown();
  });
});
