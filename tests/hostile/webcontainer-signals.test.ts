// For the third entry point: the bundled harness as the WebContainer
// runs it (over the fake container: the real bundle, real Node processes). A signal must end
// the learner's processes and remove the work folder there too.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import type { RuntimeManifest } from '../../sandbox/runtime/shared/manifest.ts';
import { toTree } from '../../sandbox/runtime/page/webcontainer-adapter.ts';
import { FakeWebContainer } from '../runtime/fake-webcontainer.ts';
import { ROOT, fixture } from './cli.ts';
import { cmdline, cwdOf, descendantsOf, killAll, running, waitFor, type Proc } from './procs.ts';
import { identify, stillThere } from './folders.ts';

let out: string;
let container: FakeWebContainer;
let seen: Proc[] = [];

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'mcpw-bundle-'));
  const r = await bundleRuntime({ outDir: out, exercisesRoot: ROOT });
  const manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8')) as RuntimeManifest;
  container = await FakeWebContainer.boot();
  const busy = readFileSync(join(fixture('busy-loop'), 'client.ts'), 'utf8');
  await container.mount(toTree({ ...manifest.files, 'workspaces/raw-client/client.ts': busy }));
});

afterEach(() => {
  killAll(seen);
  seen = [];
});

afterAll(() => {
  container?.teardown();
  rmSync(out, { recursive: true, force: true });
});

describe('the WebContainer harness', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'ends the run and its processes on %s',
    async (signal) => {
      const proc = await container.spawn('node', [
        'runtime/harness.mjs',
        '--exercise',
        'raw-client',
        '--mode',
        'check',
        '--workspace',
        'workspaces/raw-client',
      ]);
      void proc.output.pipeTo(new WritableStream());
      const harness = await waitFor(
        'the bundled harness, the learner program and its docked server',
        () => {
          const below = descendantsOf(process.pid);
          const learner = below.find((p) =>
            /\/\.workspaces\/raw-client-[^/]+\/client\.ts /.test(cmdline(p.pid) + ' '),
          );
          // Paper Trail runs docked with the harness: it starts once the connector reached it.
          const server = below.some((p) => cmdline(p.pid).includes('harness.mjs --paper-trail'));
          const top = below.find(
            (p) => cmdline(p.pid).includes('harness.mjs --exercise') && p.ppid === process.pid,
          );
          return learner && server && top ? { top, learner } : null;
        },
        15_000,
      );
      seen = descendantsOf(harness.top.pid);
      const work = cwdOf(harness.learner.pid);
      expect(work).toContain('.workspaces');
      // Which folder it is: once this run is over, its path may be another run's.
      const identity = identify(work);

      process.kill(harness.top.pid, signal);
      await Promise.race([proc.exit, new Promise((r) => setTimeout(r, 10_000))]);

      const left = await waitFor(
        'the run to end',
        () => (seen.filter(running).length === 0 ? [] : null),
        3000,
      ).catch(() => seen.filter(running));
      expect(left.map((p) => `${p.pid} ${cmdline(p.pid)}`)).toEqual([]);
      expect(stillThere(identity), `work folder ${work} left behind`).toBe(false);
    },
  );
});
