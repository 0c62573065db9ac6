// The standing hostile matrix: every hostile program (matrix-programs.ts) in the
// editable file of every exercise, through the CLI and through the local runtime endpoint.
// Each case must end with the expected verdict within its limit + 5 s, say what happened in
// words, never pass, leave no process of its run (found by its MCPW_RUN marker and the strays'
// mark, not by process group) and no work folder; and the repository must not change. The
// endpoint and workshop cases of their own files (endpoint.test.ts, workshop-*.test.ts) are
// not counted here.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../sandbox/contract/check.ts';
import { ROOT } from './cli.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';
import { MatrixCase, type Transport } from './matrix-case.ts';
import { EXERCISES, HOSTILE } from './matrix-programs.ts';
import { pool } from './pool.ts';

/**
 * Short, so that the matrix is fast: every program that hangs costs this much. A learner's
 * server starts only after the reference client has loaded the SDK, seconds on a busy box.
 */
const HANG_LIMIT_MS = { default: 4_000, 'stdout-is-the-wire': 8_000 };
/** For programs that end by themselves (a crash, a flood): only a backstop. */
const BACKSTOP_MS = 20_000;
const SLACK_MS = 5_000;
// Two cores: two runs at once keep both busy without starving the time limits.
const slot = pool(2);

/** Words that must appear in what the learner reads about each kind of ending. */
const SAYS: Record<Verdict, RegExp> = {
  completed: /the program finished/,
  timeout: /time limit/,
  'output-limit': /output/,
  'memory-limit': /memory limit/,
  crashed: /crashed|exited with|an error/,
  error: /harness error/,
};

const TRANSPORTS: Transport[] = ['cli', 'endpoint'];
const CASES = HOSTILE.flatMap((hostile) =>
  (hostile.only ?? EXERCISES).flatMap((exercise) =>
    TRANSPORTS.map((transport) => ({ hostile, exercise, transport })),
  ),
);

const gitStatus = (): string =>
  execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });

// The endpoint takes its time limit per server, so one server for each limit.
const endpoints = new Map<number, EndpointServer>();
let statusBefore = '';
const held: string[] = [];
const started = Date.now();

beforeAll(async () => {
  statusBefore = gitStatus();
  for (const limit of new Set([...Object.values(HANG_LIMIT_MS), BACKSTOP_MS])) {
    endpoints.set(limit, await startEndpointServer({ timeoutMs: limit }));
  }
});

afterAll(async () => {
  for (const endpoint of endpoints.values()) await endpoint.close();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`hostile: ${CASES.length} cases, ${held.length} held (${seconds} s)`);
  expect(gitStatus(), 'the repository changed').toBe(statusBefore);
  expect(held.length, 'cases that did not hold').toBe(CASES.length);
});

describe.concurrent('hostile matrix', () => {
  it.each(CASES)(
    '$hostile.name in $exercise via $transport',
    async ({ hostile, exercise, transport }) => {
      const c = new MatrixCase(hostile, exercise, transport);
      try {
        const hangLimit =
          exercise === 'stdout-is-the-wire' ? HANG_LIMIT_MS[exercise] : HANG_LIMIT_MS.default;
        const limit = hostile.hangs ? hangLimit : BACKSTOP_MS;
        const outcome = await slot(() => c.run(limit, endpoints.get(limit)!));
        const left = await c.leftovers();
        const expected = hostile.verdict[exercise];
        expect(left.noNote, `the program never ran: ${outcome.message}`).toBe(false);
        expect(outcome.verdict, outcome.message).toBe(expected);
        // From the program's first line, as the limit counts, not from starting the CLI,
        // whose own start on a loaded machine is no part of the run's limit.
        expect(outcome.at - left.startedAt!).toBeLessThan(limit + SLACK_MS);
        expect(outcome.message).toMatch(SAYS[expected]);
        expect(outcome.passed).toBe(false);
        expect(left.processes.map((p) => p.command)).toEqual([]);
        expect(left.folders).toEqual([]);
        if (hostile.strays) expect(outcome.killed).toBeGreaterThanOrEqual(2);
        if (hostile.writesOutside) expect(left.outside, 'the file outside').toBeDefined();
        held.push(`${hostile.name}/${exercise}/${transport}`);
      } finally {
        c.dispose();
      }
    },
    // Waiting for a slot counts too: the whole matrix, not one case, bounds this.
    300_000,
  );
});
