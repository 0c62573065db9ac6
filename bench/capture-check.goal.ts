// A speed goal: `npm run capture -- --check` against its start-up floor. Every capture
// session starts at least one Paper Trail and talks to it, so the floor is what the sessions'
// start-ups alone would take at the concurrency the check uses: the command's own start
// (`npm run capture -- --help`) plus ceil(sessions / sessions at once) one-session runs (the
// raw-client solution against Paper Trail: start, handshake, two requests, exit). Whatever
// the check takes beyond that is work a session does after its start, or waiting.
import { AT_ONCE, selectCaptures } from '../sandbox/capture/captures.ts';
import { benchEnv, directRun, median, ms, NPM, REPO, timeCommand, type Goal } from './goal.ts';

const GOAL = 2;
/** One-session runs on each side of the check, so that drifting load touches both alike. */
const FLOOR_REPS = 3;

export const captureCheck: Goal = {
  name: 'capture-check',
  async measure() {
    const env = benchEnv();
    const session = directRun;
    const startup = () =>
      timeCommand(NPM, ['run', '--silent', 'capture', '--', '--help'], { cwd: REPO, env });
    const sessions: number[] = [];
    const startups: number[] = [];
    await session(); // uncounted: cold file caches
    for (let i = 0; i < FLOOR_REPS; i++) {
      sessions.push(await session());
      startups.push(await startup());
    }
    const check = await timeCommand(NPM, ['run', '--silent', 'capture', '--', '--check'], {
      cwd: REPO,
      env,
    });
    for (let i = 0; i < FLOOR_REPS; i++) {
      startups.push(await startup());
      sessions.push(await session());
    }
    const sessionCount = (await selectCaptures()).length;
    const lanes = Math.ceil(sessionCount / AT_ONCE);
    const floor = median(startups) + lanes * median(sessions);
    const ratio = check / floor;
    return [
      {
        measure: 'capture --check',
        value: `${ratio.toFixed(1)}× start-up floor`,
        goal: `≤ ${GOAL}×`,
        baseline:
          `capture --check ${ms(check)} (${sessionCount} sessions, ${AT_ONCE} at once); ` +
          `floor ${ms(floor)} = command start ${ms(median(startups))} + ${lanes} × one Paper Trail session ${ms(median(sessions))} ` +
          `(medians of ${startups.length}, taken before and after the check)`,
        met: ratio <= GOAL,
      },
    ];
  },
};
