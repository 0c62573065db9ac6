// Stopping `npm run workshop` while a learner's program hangs: the workshop must end the
// run (every process of it), remove its work folders and exit, instead of leaving the run
// going until its time limit with its folder in /tmp.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_GRACE_MS } from '../../sandbox/runtime/server/harness-run.ts';
import { rest, runTree, startHangingRun } from './hanging-run.ts';
import { survivors, type Proc } from './procs.ts';
import { startWorkshopProcess, type WorkshopProcess } from './workshop-process.ts';
import { stillThere } from './folders.ts';

describe('stopping the workshop mid-run', () => {
  let workshop: WorkshopProcess | undefined;
  let tree: Proc[] = [];
  afterEach(async () => {
    await workshop?.dispose();
    workshop = undefined;
    // Whatever a failed case left of the run it started goes now, not at the run's limit.
    for (const p of survivors(tree)) process.kill(p.pid, 'SIGKILL');
    tree = [];
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'on %s ends the run, removes its folders and exits',
    async (signal) => {
      workshop = await startWorkshopProcess();
      const reader = await startHangingRun(workshop.origin, workshop.token);
      const run = runTree(workshop.child.pid!);
      tree = run.tree;
      expect(existsSync(run.runFolder)).toBe(true);

      const stoppedAt = Date.now();
      workshop.child.kill(signal);
      const how = await Promise.race([
        workshop.exited,
        new Promise((r) => setTimeout(() => r('still running'), STOP_GRACE_MS + 3_000)),
      ]);
      expect(how, workshop.log()).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(STOP_GRACE_MS + 2_000);

      // SIGKILL lands asynchronously; a moment is enough, the run's time limit is not.
      await expect.poll(() => survivors(tree), { timeout: 1_000 }).toEqual([]);
      expect(existsSync(run.runFolder), `${run.runFolder} is left`).toBe(false);
      expect(stillThere(run.workFolder), `${run.workFolder.path} is left`).toBe(false);
      // The page learns why its run ended rather than seeing the stream just stop.
      expect(await rest(reader)).toContain('The run was stopped: the workshop server is stopping.');
    },
  );
});
