// A speed goal: a check as fast as running the code. The baseline is the direct run of
// raw-client's solution: `node client.ts node <Paper Trail's main.ts>`, the same two programs
// the check runs, with no harness, no npm and no tap. The contender is the whole command a
// learner types, `npm run --silent exercise -- check raw-client --solution`, npm included.
// The baseline gets the Node compile cache the harness gives the programs it starts, so that
// it is no slower than a warm direct run; the command runs in the environment of a learner's
// shell, which names no cache (npm run exercise turns it on itself: sandbox/cli/exercise.mjs).
import { fileURLToPath } from 'node:url';
import {
  directRun,
  interleaved,
  list,
  median,
  ms,
  NPM,
  pairedRatio,
  REPO,
  shellEnv,
  timeCommand,
  type Goal,
} from './goal.ts';

const CLI = fileURLToPath(new URL('../sandbox/cli/exercise.mjs', import.meta.url));
const ARGS = ['check', 'raw-client', '--solution'];
const GOAL = 1.5;

export const checkLatency: Goal = {
  name: 'check-latency',
  async measure() {
    const env = shellEnv();
    const times = await interleaved({
      direct: directRun,
      cli: () =>
        timeCommand(NPM, ['run', '--silent', 'exercise', '--', ...ARGS], { cwd: REPO, env }),
      // The same command without npm in front: what npm's own start costs a learner.
      node: () => timeCommand(process.execPath, [CLI, ...ARGS], { cwd: REPO, env }),
      // npm starting and running a script that does next to nothing (its built-in `env`).
      npm: () => timeCommand(NPM, ['run', '--silent', 'env'], { cwd: REPO, env }),
    });
    const ratio = pairedRatio(times.cli, times.direct);
    // A check through npm can be no faster than npm starting plus the programs running: what
    // a harness that cost nothing at all would read, in the same rounds.
    const floor = pairedRatio(
      times.direct.map((d, i) => d + times.npm[i]!),
      times.direct,
    );
    return [
      {
        measure: 'check latency (CLI)',
        value: `${ratio.toFixed(2)}× direct run`,
        goal: `≤ ${GOAL}×`,
        baseline:
          `direct run (node client.ts node paper-trail) ${ms(median(times.direct))} ${list(times.direct)}; ` +
          `npm run --silent exercise -- check raw-client --solution ${ms(median(times.cli))} ${list(times.cli)}; ` +
          `${times.direct.length} interleaved rounds, median of paired ratios; ` +
          `npm's own start (npm run --silent env) ${ms(median(times.npm))} ${list(times.npm)}: ` +
          `a harness that cost nothing would read ${floor.toFixed(2)}×`,
        met: ratio <= GOAL,
      },
      {
        measure: 'check latency (CLI without npm)',
        value: `${pairedRatio(times.node, times.direct).toFixed(2)}× direct run`,
        goal: 'none: it shows what npm adds to the line above',
        baseline: `node sandbox/cli/exercise.mjs check raw-client --solution ${ms(median(times.node))} ${list(times.node)}, in the same rounds`,
      },
    ];
  },
};
