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
import { spawn } from 'node:child_process';
import { CLI, ROOT, fixture } from './cli.ts';
import { pool } from './pool.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';
import { existsSync } from 'node:fs';
import { identify, stillThere, type FolderIdentity } from './folders.ts';
import { cmdline, cwdOf, descendantsOf, killAll, running, waitFor, type Proc } from './procs.ts';

/**
 * The run's limit; the endpoint's grace past it is short, the CLI's its own (10 s). Long
 * enough for a loaded machine to start both sessions of a scenario run before it is reached
 * (the test must see them all up to know what to look for afterwards).
 */
const LIMIT_MS = 5_000;
const GRACE_MS = 1_500;

type Done = Extract<HarnessEvent, { type: 'done' }>;

interface Case {
  name: string;
  fixture: string;
  /** raw-client unless named: one with scenarios runs a session of the program per scenario. */
  exercise?: string;
  /** How many sessions the check run has side by side (1 unless it has scenarios). */
  sessions?: number;
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
    name: 'killed from outside during a check run of two sessions (scenarios)',
    fixture: 'busy-loop',
    exercise: 'cancel-in-flight',
    sessions: 2,
    fallback: false,
    outside: 'SIGKILL',
    verdict: 'error',
    says: /killed \(SIGKILL\).*out of memory/s,
  },
  {
    name: 'stopped from outside during a check run of two sessions (scenarios)',
    fixture: 'busy-loop',
    exercise: 'cancel-in-flight',
    sessions: 2,
    fallback: false,
    outside: 'SIGSTOP',
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

interface Run {
  harness: Proc;
  tree: Proc[];
  /** Every session's work folder and tap folder. */
  work: FolderIdentity[];
  taps: string[];
}

interface Outcome {
  verdict: Done['verdict'] | 'none';
  passed: boolean;
  message: string;
}

/** The harness below `root` once every session's learner program and its server run. */
function runUp(root: number, c: Case): Run | null {
  const exercise = c.exercise ?? 'raw-client';
  const program = new RegExp(`/\\.workspaces/${exercise}-[^/]+/client\\.ts`);
  for (const harness of descendantsOf(root)) {
    if (!harness.command.includes('sandbox/harness/main.ts')) continue;
    const tree = descendantsOf(harness.pid);
    // By folder: in a namespace the init's shell names the program's file too.
    const works = [
      ...new Set(tree.filter((p) => program.test(p.command)).map((p) => cwdOf(p.pid))),
    ];
    // Paper Trail docked with the harness, outside the program's tree (dock.ts), or behind
    // the relay the program started, whose record folder must go too.
    const docked = tree.filter(
      (p) => p.ppid === harness.pid && p.command.includes('sandbox/paper-trail/main.ts'),
    );
    const relays = tree.filter((p) => p.command.includes('--record'));
    const sessions = c.sessions ?? 1;
    if (works.length < sessions || docked.length + relays.length < sessions) continue;
    const taps = relays.map((s) => {
      const words = s.command.split(' ');
      return dirname(words[words.indexOf('--record') + 1]);
    });
    return { harness, tree, work: works.map(identify), taps };
  }
  return null;
}

/** The CLI as a learner types it, with the fixture as the learner's folder. */
async function viaCli(c: Case, onUp: (run: Run) => void): Promise<Outcome> {
  const cli = spawn(
    process.execPath,
    [
      CLI,
      'check',
      c.exercise ?? 'raw-client',
      '--dir',
      fixture(c.fixture),
      '--json',
      '--timeout-ms',
      String(LIMIT_MS),
    ],
    { cwd: ROOT, env: { ...process.env, MCPW_CONTAINMENT: c.fallback ? 'off' : '' } },
  );
  let out = '';
  let err = '';
  cli.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
  cli.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
  const code = new Promise<number | null>((r) => cli.once('close', r));
  onUp(await waitFor('the run to be up', () => runUp(cli.pid!, c), 15_000));
  if ((await code) === 3) return { verdict: 'error', passed: false, message: err };
  try {
    const report = JSON.parse(out) as { verdict: Done['verdict']; passed: boolean; ended?: string };
    return { verdict: report.verdict, passed: report.passed, message: `${err}${report.ended}` };
  } catch {
    return { verdict: 'none', passed: false, message: `${out}${err}` };
  }
}

/** The local runtime endpoint, as the dev and workshop servers mount it. */
async function viaEndpoint(c: Case, onUp: (run: Run) => void): Promise<Outcome> {
  if (c.fallback) process.env.MCPW_CONTAINMENT = 'off';
  else delete process.env.MCPW_CONTAINMENT;
  const source = readFileSync(`${fixture(c.fixture)}client.ts`, 'utf8');
  const answer = server.run({
    exercise: c.exercise ?? 'raw-client',
    mode: 'check',
    files: { 'client.ts': source },
  });
  onUp(await waitFor('the run to be up', () => runUp(process.pid, c), 15_000));
  const { events, raw } = await answer;
  const done = events.find((e): e is Done => e.type === 'done');
  if (!done) return { verdict: 'none', passed: false, message: raw };
  return { verdict: done.verdict, passed: done.passed === true, message: done.summary };
}

async function holds(c: Case, transport: typeof viaCli): Promise<void> {
  let up: Run | undefined;
  try {
    const outcome = await transport(c, (run) => {
      up = run;
      if (c.outside) process.kill(run.harness.pid, c.outside);
    });
    expect(outcome.verdict, outcome.message).toBe(c.verdict);
    expect(outcome.passed).toBe(false);
    expect(outcome.message).toMatch(c.says);
    expect(outcome.message).not.toMatch(/fault in the course/);
    const run = up!;
    const left = await waitFor(
      'the run to end',
      () => (run.tree.some(running) ? null : []),
      2_000,
    ).catch(() => run.tree.filter(running));
    expect(left.map((p) => `${p.pid} ${cmdline(p.pid)}`)).toEqual([]);
    for (const work of run.work) expect(stillThere(work), `work folder ${work.path}`).toBe(false);
    for (const tap of run.taps) expect(existsSync(tap), `tap folder ${tap}`).toBe(false);
  } finally {
    if (up) killAll([up.harness, ...up.tree]);
  }
}

// One at a time: each sets the environment that the endpoint passes on to its harness.
describe('a harness that dies or stops mid-run, behind the endpoint', () => {
  it.each(CASES)('$name', (c) => holds(c, viaEndpoint), 30_000);
});

describe.concurrent('a harness that dies or stops mid-run, behind the CLI', () => {
  // Two at a time, as the matrix runs: more would only turn the limits into noise.
  const slot = pool(2);
  it.each(CASES)('$name', (c) => slot(() => holds(c, viaCli)), 90_000);
});
