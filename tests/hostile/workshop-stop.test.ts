// Stopping `npm run workshop` while a learner's program hangs: the workshop must end the
// run (every process of it), remove its work folders and exit, instead of leaving the run
// going until its time limit with its folder in /tmp.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_GRACE_MS } from '../../sandbox/runtime/local/harness-run.ts';
import { descendantsOf, survivors, type Proc } from './procs.ts';
import { startWorkshopProcess, type WorkshopProcess } from './workshop-process.ts';

// Hangs, and keeps a child of its own that hangs too.
const HANGING_CLIENT = `
import { spawn } from 'node:child_process';
spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { stdio: 'ignore' });
setInterval(() => undefined, 1000);
console.log('busy');
`;

/** Starts a run through the workshop's endpoint and returns once the learner's code runs. */
async function startHangingRun(
  workshop: WorkshopProcess,
): Promise<ReadableStreamDefaultReader<string>> {
  const res = await fetch(`${workshop.origin}/__runtime/run`, {
    method: 'POST',
    headers: {
      origin: workshop.origin,
      'x-mcpw-token': workshop.token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      exercise: 'raw-client',
      mode: 'run',
      files: { 'client.ts': HANGING_CLIENT },
    }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  while (!seen.includes('busy')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the run ended before the learner's code ran:\n${seen}`);
    seen += value;
  }
  return reader;
}

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
      const reader = await startHangingRun(workshop);
      // harness → learner program → its child, at the least
      tree = descendantsOf(workshop.child.pid!);
      expect(tree.length, JSON.stringify(tree)).toBeGreaterThanOrEqual(3);
      // The run's folders, read off its command lines: other test files may be running.
      const commands = tree.map((p) => p.command).join('\n');
      const runFolder = /--workspace (\S+)/.exec(commands)?.[1];
      const workFolder = /(\S+\/\.workspaces\/raw-client-\w+)\//.exec(commands)?.[1];
      expect(runFolder, commands).toMatch(/mcpw-run-/);
      expect(workFolder, commands).toBeDefined();
      expect(existsSync(runFolder!)).toBe(true);

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
      expect(existsSync(runFolder!), `${runFolder} is left`).toBe(false);
      expect(existsSync(workFolder!), `${workFolder} is left`).toBe(false);
      // The page learns why its run ended rather than seeing the stream just stop.
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += value;
      }
      expect(rest).toContain('The run was stopped: the workshop server is stopping.');
    },
  );
});
