// The watchdog (sandbox/runtime/page/watchdog.ts) around the real WebContainer adapter over a fake
// container in which nothing can be killed, as a busy loop in a real WebContainer: the run
// must still end, with a timeout verdict, in a fresh container that keeps the learner's files.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import { manifestLimits, Watchdog } from '../../sandbox/runtime/page/watchdog.ts';
import { WebContainerRuntime } from '../../sandbox/runtime/page/webcontainer-adapter.ts';
import type { RuntimeManifest } from '../../sandbox/runtime/shared/manifest.ts';
import { collect, gone, runtimeContract, SOLUTION } from './contract.ts';
import { FakeWebContainer, type FakeOptions } from './fake-webcontainer.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
// Long enough for a correct solution on a loaded machine (the next run must pass in the same
// short-limited container), short enough for a test.
const LIMIT_MS = 8_000;
const GRACE_MS = 1_000;
// Spawns Paper Trail, sends initialize, and once it answers says its name and spins (a pid it
// printed means nothing outside a PID namespace it may run in).
const BUSY = `import { spawn } from 'node:child_process';
const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'busy', version: '1' } };
server.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params }) + '\\n');
server.stdout.once('data', () => {
  process.title = 'mcpw-hang-' + Math.random().toString(36).slice(2);
  console.log('spinning as ' + process.title);
  while (true) {}
});
`;

let out: string;
/** The real manifest, and one with raw-client's limit shortened (for watchdog and harness). */
let manifest: RuntimeManifest;
let shortened: RuntimeManifest;
const booted: FakeWebContainer[] = [];

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'mcpw-bundle-'));
  const r = await bundleRuntime({ outDir: out, exercisesRoot: repo });
  manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8')) as RuntimeManifest;
  shortened = structuredClone(manifest);
  shortened.exercises['raw-client'].timeoutMs = LIMIT_MS;
  const metaPath = 'exercises/raw-client/exercise.json';
  const meta = JSON.parse(shortened.files[metaPath]) as { run: { timeoutMs: number } };
  meta.run.timeoutMs = LIMIT_MS;
  shortened.files[metaPath] = JSON.stringify(meta);
});
afterAll(() => {
  for (const c of booted) c.teardown();
  rmSync(out, { recursive: true, force: true });
});

function guarded(fake: FakeOptions = {}) {
  const containers: FakeWebContainer[] = [];
  const loadManifest = async () => (fake.unkillable ? shortened : manifest);
  const inner = new WebContainerRuntime({
    boot: async () => {
      const c = await FakeWebContainer.boot(fake);
      containers.push(c);
      booted.push(c);
      return c;
    },
    loadManifest,
    loadStripper: () => import('../../sandbox/strip/strip-types.ts'),
    loadScanner: () => import('../../sandbox/strip/erasable.ts'),
    isolated: () => true,
  });
  const runtime = new Watchdog(inner, { limitMs: manifestLimits(loadManifest), graceMs: GRACE_MS });
  return { runtime, containers };
}

const spinningPid = (events: HarnessEvent[]) => {
  const text = events.map((e) => (e.type === 'stdout' ? e.text : '')).join('');
  return /spinning as (mcpw-hang-\w+)/.exec(text)?.[1] ?? '';
};

runtimeContract('WebContainer adapter behind the watchdog', async () => guarded().runtime);

describe('watchdog over a container that cannot kill', () => {
  it('ends a busy loop with a timeout verdict in a fresh container, keeping files and frames', async () => {
    const { runtime, containers } = guarded({ unkillable: true });
    await runtime.boot();
    await runtime.mount('raw-client', { 'client.ts': BUSY });
    const t0 = performance.now();
    const proc = await runtime.spawn('raw-client', 'run');
    const events = await collect(proc);
    const elapsed = performance.now() - t0;
    console.log(
      `busy loop ended after ${Math.round(elapsed)} ms (limit ${LIMIT_MS} + grace ${GRACE_MS})`,
    );

    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', verdict: 'timeout', passed: false });
    expect(done?.type === 'done' && done.summary).toMatch(/sandbox was restarted/);
    expect(done?.type === 'done' && done.summary).toMatch(/files are kept/);
    // Not before the limit and its grace, and not much after (a restart of the fake is fast).
    expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS + GRACE_MS);
    expect(elapsed).toBeLessThan(LIMIT_MS + GRACE_MS + 5_000);
    // The frames seen before the loop were streamed and stay in the run's events.
    const frames = events.filter((e) => e.type === 'frame');
    expect(frames[0]).toMatchObject({ seq: 0, dir: 'c2s' });
    expect(frames.some((f) => f.dir === 's2c')).toBe(true);
    expect(await proc.exit).toBe(1);

    // The old container is gone, with the loop nothing inside it could stop.
    expect(runtime.restarts).toBe(1);
    expect(containers).toHaveLength(2);
    expect(containers[0].tornDown).toBe(true);
    expect(containers[1].tornDown).toBe(false);
    const pid = spinningPid(events);
    expect(pid).not.toBe('');
    expect(await gone(pid)).toBe(true);
    // The learner's last files are mounted in the fresh one.
    const client = join(containers[1].dir, 'workspaces/raw-client/client.ts');
    expect(existsSync(client) && readFileSync(client, 'utf8')).toBe(BUSY);

    // The next run on the same runtime works.
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    const next = await collect(await runtime.spawn('raw-client', 'check'));
    expect(next.at(-1)).toMatchObject({ type: 'done', verdict: 'completed', passed: true });
    await runtime.teardown();
  });

  it('after Stop, restarts within the grace instead of waiting out the whole limit', async () => {
    const { runtime, containers } = guarded({ unkillable: true });
    await runtime.boot();
    await runtime.mount('raw-client', { 'client.ts': BUSY });
    const proc = await runtime.spawn('raw-client', 'run');
    const events: HarnessEvent[] = [];
    let stoppedAt = 0;
    for await (const e of proc.events) {
      events.push(e);
      if (!stoppedAt && spinningPid(events)) {
        stoppedAt = performance.now();
        proc.kill();
      }
    }
    const afterStop = performance.now() - stoppedAt;
    expect(stoppedAt).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'done', verdict: 'timeout' });
    expect(events.at(-1)?.type === 'done' && events.at(-1)).toMatchObject({
      summary: expect.stringMatching(
        /did not stop when asked, so the sandbox was restarted/,
      ) as unknown,
    });
    expect(afterStop).toBeLessThan(GRACE_MS + 3_000);
    expect(containers[0].tornDown).toBe(true);
    await runtime.teardown();
  });

  it('teardown during a run that cannot be stopped ends it, and boots nothing again', async () => {
    const { runtime, containers } = guarded({ unkillable: true });
    await runtime.boot();
    await runtime.mount('raw-client', { 'client.ts': BUSY });
    const proc = await runtime.spawn('raw-client', 'run');
    const events: HarnessEvent[] = [];
    for await (const e of proc.events) {
      events.push(e);
      if (spinningPid(events) && !containers[0].tornDown) await runtime.teardown();
    }
    expect(events.at(-1)).toMatchObject({ type: 'done', verdict: 'error' });
    await new Promise((r) => setTimeout(r, GRACE_MS * 2));
    expect(runtime.restarts).toBe(0);
    expect(containers).toHaveLength(1);
    expect(await gone(spinningPid(events))).toBe(true);
  });

  it('leaves a run that ends by itself alone: no restart', async () => {
    const { runtime, containers } = guarded({ unkillable: true });
    await runtime.boot();
    await runtime.mount('raw-client', { 'client.ts': SOLUTION });
    const events = await collect(await runtime.spawn('raw-client', 'check'));
    expect(events.at(-1)).toMatchObject({ type: 'done', passed: true });
    await new Promise((r) => setTimeout(r, LIMIT_MS + GRACE_MS));
    expect(runtime.restarts).toBe(0);
    expect(containers).toHaveLength(1);
    await runtime.teardown();
  });
});
