// A harness that dies or stops before its verdict: killed outright (by the learner's program,
// or by the OOM killer, here the test), or stopped (SIGSTOP). Whoever started it must end
// the run's processes, remove its folders and say what happened in words a learner can act
// on; a stopped harness must not hold its run past the time limit. Where the program runs in
// a PID namespace it cannot reach the harness at all (the test then does it from outside);
// without one (MCPW_CONTAINMENT=off, as on macOS) the program does it itself.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { fixture } from './cli.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';
import { existsSync } from 'node:fs';
import { identify, stillThere, type FolderIdentity } from './folders.ts';
import { cmdline, cwdOf, descendantsOf, killAll, running, waitFor, type Proc } from './procs.ts';

const LIMIT_MS = 3_000;
const GRACE_MS = 1_500;

type Done = Extract<HarnessEvent, { type: 'done' }>;

interface Case {
  name: string;
  fixture: string;
  /** The program runs without its namespace. */
  fallback: boolean;
  /** What the test does to the harness once the run is up (the program does it otherwise). */
  outside?: NodeJS.Signals;
  verdict: Done['verdict'];
  says: RegExp;
}

const CASES: Case[] = [
  {
    name: 'killed from outside, as the OOM killer does',
    fixture: 'busy-loop',
    fallback: false,
    outside: 'SIGKILL',
    verdict: 'error',
    says: /killed \(SIGKILL\).*out of memory/s,
  },
  {
    name: 'killed by the program (no namespace)',
    fixture: 'kills-harness',
    fallback: true,
    verdict: 'error',
    says: /killed \(SIGKILL\).*kills the processes around it/s,
  },
  {
    name: 'stopped from outside',
    fixture: 'busy-loop',
    fallback: false,
    outside: 'SIGSTOP',
    verdict: 'timeout',
    says: /past its time limit.*ended from outside/s,
  },
  {
    name: 'stopped by the program (no namespace)',
    fixture: 'stops-harness',
    fallback: true,
    verdict: 'timeout',
    says: /past its time limit.*ended from outside/s,
  },
  {
    name: 'out of the reach of a program that tries to kill it (namespace)',
    fixture: 'kills-harness',
    fallback: false,
    verdict: 'timeout',
    says: /time limit/,
  },
];

let server: EndpointServer;
beforeAll(async () => {
  server = await startEndpointServer({ timeoutMs: LIMIT_MS, overdueGraceMs: GRACE_MS });
});
afterAll(async () => {
  delete process.env.MCPW_CONTAINMENT;
  await server.close();
});

/** The harness below this test's process whose learner program runs `client`. */
function runUp(): { harness: Proc; tree: Proc[]; work: FolderIdentity; tap: string } | null {
  for (const harness of descendantsOf(process.pid)) {
    if (!harness.command.includes('sandbox/harness/main.ts')) continue;
    const tree = descendantsOf(harness.pid);
    const program = tree.find((p) =>
      /\/\.workspaces\/raw-client-[^/]+\/client\.ts/.test(p.command),
    );
    const server = tree.find((p) => p.command.includes('--record'));
    if (!program || !server) continue;
    const words = server.command.split(' ');
    const tap = dirname(words[words.indexOf('--record') + 1]);
    return { harness, tree, work: identify(cwdOf(program.pid)), tap };
  }
  return null;
}

describe('a harness that dies or stops mid-run', () => {
  it.each(CASES)(
    '$name',
    async (c) => {
      if (c.fallback) process.env.MCPW_CONTAINMENT = 'off';
      else delete process.env.MCPW_CONTAINMENT;
      const source = readFileSync(`${fixture(c.fixture)}client.ts`, 'utf8');
      const answer = server.run({
        exercise: 'raw-client',
        mode: 'check',
        files: { 'client.ts': source },
      });
      const up = await waitFor('the run to be up', runUp, 15_000);
      try {
        if (c.outside) process.kill(up.harness.pid, c.outside);
        const { events, raw } = await answer;
        const done = events.find((e): e is Done => e.type === 'done');
        expect(done, raw).toBeDefined();
        expect(done!.verdict).toBe(c.verdict);
        expect(done!.passed).not.toBe(true);
        expect(done!.summary).toMatch(c.says);
        expect(done!.summary).not.toMatch(/fault in the course/);
        const left = await waitFor(
          'the run to end',
          () => (up.tree.some(running) ? null : []),
          2_000,
        ).catch(() => up.tree.filter(running));
        expect(left.map((p) => `${p.pid} ${cmdline(p.pid)}`)).toEqual([]);
        expect(stillThere(up.work), 'the work folder').toBe(false);
        expect(existsSync(up.tap), 'the tap folder').toBe(false);
      } finally {
        killAll([up.harness, ...up.tree]);
      }
    },
    30_000,
  );
});
