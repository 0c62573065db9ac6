// A speed goal: in watch mode a save is judged about as fast as the code runs. The contender
// is the time from writing raw-client's solution into a watched folder to the verdict on
// watch mode's stdout (its settle time after the save included); the baseline is the direct
// run of the same two programs (goal.ts: directRun), and, for information, the one-shot
// check a learner would type instead, all interleaved in the same rounds.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  directRun,
  interleaved,
  list,
  median,
  ms,
  NPM,
  pairedRatio,
  RAW_CLIENT,
  REPO,
  shellEnv,
  timeCommand,
  type Goal,
} from './goal.ts';

const CLI = fileURLToPath(new URL('../sandbox/cli/exercise.mjs', import.meta.url));
const SOLUTION = join(RAW_CLIENT, 'solution', 'client.ts');
const GOAL = 1.2;
const WATCHING = /^Watching client\.ts for saves/gm;

export const watchRecheck: Goal = {
  name: 'watch-recheck',
  async measure() {
    const folder = mkdtempSync(join(tmpdir(), 'mcpw-bench-watch-'));
    copyFileSync(SOLUTION, join(folder, 'client.ts'));
    const code = readFileSync(SOLUTION, 'utf8');
    const child = spawn(process.execPath, [CLI, 'watch', 'raw-client', '--dir', folder], {
      cwd: REPO,
      env: shellEnv(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let seen = 0;
    let next: ((text: string) => void) | null = null;
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const count = out.match(WATCHING)?.length ?? 0;
      if (count > seen && next) {
        seen = count;
        const done = next;
        next = null;
        done(out);
      }
    });
    const verdict = () =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`watch gave no verdict:\n${out}`)), 60_000);
        next = (text) => {
          clearTimeout(timer);
          resolve(text);
        };
      });
    let saves = 0;
    try {
      await verdict();
      const times = await interleaved({
        direct: directRun,
        watch: async () => {
          const judged = verdict();
          const started = performance.now();
          // A different text each time, as a save is: the check must judge the new file.
          writeFileSync(join(folder, 'client.ts'), `${code}\n// save ${++saves}\n`);
          const text = await judged;
          const took = performance.now() - started;
          if (!/11 passed, 0 failed\nWatching[^\n]*\n$/.test(text)) {
            throw new Error(`the re-check did not pass:\n${text.slice(-1500)}`);
          }
          return took;
        },
        check: () =>
          timeCommand(
            NPM,
            ['run', '--silent', 'exercise', '--', 'check', 'raw-client', '--dir', folder],
            {
              cwd: REPO,
              env: shellEnv(),
            },
          ),
      });
      const ratio = pairedRatio(times.watch, times.direct);
      return [
        {
          measure: 'watch re-check after a save',
          value: `${ratio.toFixed(2)}× direct run`,
          goal: `≤ ${GOAL}×`,
          baseline:
            `direct run (node client.ts node paper-trail) ${ms(median(times.direct))} ${list(times.direct)}; ` +
            `save → verdict in exercise watch raw-client ${ms(median(times.watch))} ${list(times.watch)}; ` +
            `${times.direct.length} interleaved rounds, median of paired ratios`,
          met: ratio <= GOAL,
        },
        {
          measure: 'watch re-check against a one-shot check',
          value: `${pairedRatio(times.watch, times.check).toFixed(2)}× npm run exercise -- check`,
          goal: 'none: it shows what staying warm saves',
          baseline: `npm run --silent exercise -- check raw-client --dir F ${ms(median(times.check))} ${list(times.check)}, in the same rounds`,
        },
      ];
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGINT');
        await exited;
      } catch {
        // Already gone.
      }
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
