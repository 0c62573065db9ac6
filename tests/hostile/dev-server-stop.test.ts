// Stopping `npm start` (astro dev) while a learner's program hangs: like the workshop, the
// dev server must end the run (every process of it) and remove its folders before it exits
// (src/integrations/stop-runs.ts). The signal goes to the dev server's
// process alone, as `kill <pid>` sends it: the run's processes must not need it themselves.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_GRACE_MS } from '../../sandbox/runtime/server/harness-run.ts';
import { startDevProcess, type DevProcess } from '../setup/dev-process.ts';
import { rest, runTree, startHangingRun } from './hanging-run.ts';
import { survivors, type Proc } from './procs.ts';
import { stillThere } from './folders.ts';

const EXIT_CODES = { SIGTERM: 143, SIGINT: 130, SIGHUP: 129 } as const;

describe('stopping the dev server mid-run', () => {
  let dev: DevProcess | undefined;
  let tree: Proc[] = [];
  afterEach(async () => {
    await dev?.dispose();
    dev = undefined;
    for (const p of survivors(tree)) process.kill(p.pid, 'SIGKILL');
    tree = [];
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'on %s ends the run, removes its folders and exits',
    async (signal) => {
      dev = await startDevProcess();
      const reader = await startHangingRun(dev.origin, dev.token);
      const run = runTree(dev.child.pid!);
      tree = run.tree;
      expect(existsSync(run.runFolder)).toBe(true);

      const stoppedAt = Date.now();
      dev.child.kill(signal);
      const how = await Promise.race([
        dev.exited,
        new Promise((r) => setTimeout(() => r('still running'), STOP_GRACE_MS + 5_000)),
      ]);
      // Vite exits 0 after its own SIGTERM handling; the others exit 128 + the signal.
      expect([0, EXIT_CODES[signal]], dev.log()).toContain(how);
      expect(Date.now() - stoppedAt).toBeLessThan(STOP_GRACE_MS + 4_000);

      await expect.poll(() => survivors(tree), { timeout: 1_000 }).toEqual([]);
      expect(existsSync(run.runFolder), `${run.runFolder} is left`).toBe(false);
      expect(stillThere(run.workFolder), `${run.workFolder.path} is left`).toBe(false);
      expect(await rest(reader)).toContain('The run was stopped: the dev server is stopping.');
    },
  );
});
