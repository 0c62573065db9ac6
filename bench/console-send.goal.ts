// A speed goal: the wire console's Send costs no more late in a session than early on. A
// Send replays the session (components/console/console-program.ts); the contender is the
// Send of a session's last line (MAX_LINES), the baseline the Send of its 3rd, each with the
// counts the page keeps from the Send before, run by the harness's console run against the
// real Paper Trail. For information, the last line's Send without those counts: what every
// Send cost before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  consoleProgram,
  heardAfterEach,
  MAX_LINES,
} from '../components/console/console-program.ts';
import { TEMPLATES } from '../components/console/console-lines.ts';
import type { HarnessEvent } from '../sandbox/contract/events.ts';
import { CONSOLE_PROGRAM } from '../sandbox/harness/console-limits.ts';
import { runConsole } from '../sandbox/harness/console-run.ts';
import { interleaved, list, median, ms, pairedRatio, type Goal } from './goal.ts';

const GOAL = 1.2;

/** initialize, initialized, then tools/list and tools/call in turn, to MAX_LINES lines. */
const SESSION = [
  TEMPLATES.initialize(1),
  TEMPLATES.initialized(),
  ...Array.from({ length: MAX_LINES - 2 }, (_, i) =>
    i % 2 === 0 ? TEMPLATES.list(i + 2) : TEMPLATES.call(i + 2),
  ),
];

/** One Send: the program with these lines and counts, run; its time and its frames' directions. */
async function send(
  lines: string[],
  heard: number[],
): Promise<{ ms: number; dirs: ('c2s' | 's2c')[] }> {
  const workspace = mkdtempSync(join(tmpdir(), 'mcpw-bench-console-'));
  try {
    writeFileSync(join(workspace, CONSOLE_PROGRAM), consoleProgram(lines, heard));
    const dirs: ('c2s' | 's2c')[] = [];
    let done: HarnessEvent | undefined;
    const started = performance.now();
    await runConsole({ workspace, workRoot: join(workspace, 'work') }, (e) => {
      if (e.type === 'frame') dirs.push(e.dir);
      if (e.type === 'done') done = e;
    });
    const took = performance.now() - started;
    if (done?.type !== 'done' || done.verdict !== 'completed') {
      throw new Error(
        `the console session ended: ${done?.type === 'done' ? done.summary : 'without done'}`,
      );
    }
    return { ms: took, dirs };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

export const consoleSend: Goal = {
  name: 'console-send',
  async measure() {
    // The counts the page would hold after the Send before each measured one.
    const full = heardAfterEach((await send(SESSION, [])).dirs);
    const early = SESSION.slice(0, 3);
    const times = await interleaved({
      early: async () => (await send(early, full.slice(0, 2))).ms,
      late: async () => (await send(SESSION, full.slice(0, MAX_LINES - 1))).ms,
      replayAll: async () => (await send(SESSION, [])).ms,
    });
    const ratio = pairedRatio(times.late, times.early);
    return [
      {
        measure: `console Send at line ${MAX_LINES}`,
        value: `${ratio.toFixed(2)}× Send at line 3`,
        goal: `≤ ${GOAL}×`,
        baseline:
          `Send of line 3 ${ms(median(times.early))} ${list(times.early)}; ` +
          `Send of line ${MAX_LINES} ${ms(median(times.late))} ${list(times.late)}; ` +
          `${times.early.length} interleaved rounds, median of paired ratios`,
        met: ratio <= GOAL,
      },
      {
        measure: `console Send at line ${MAX_LINES}, every line waiting for quiet`,
        value: `${pairedRatio(times.replayAll, times.early).toFixed(2)}× Send at line 3`,
        goal: 'none: what a Send cost before the counts were kept',
        baseline: `${ms(median(times.replayAll))} ${list(times.replayAll)}, in the same rounds`,
      },
    ];
  },
};
