// `exercise check` and `exercise run` start the harness as a process of their own
// (sandbox/harness/main.ts) and read its events, rather than running it in the CLI's own
// process: so the CLI is the harness's starter, and outlives a harness that dies (killed by
// the learner's program, by the OOM killer) or stops (SIGSTOP). It then ends what the run
// left, removes its folders and says what happened (overseer.ts), and a stopped harness
// does not hold the terminal past the run's time limit.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CheckResult, HarnessEvent } from '../contract/events.ts';
import { compileCacheEnv } from '../harness/compile-cache.ts';
import { noticesEnv, Overseer } from '../harness/overseer.ts';
import type { Summary } from '../harness/run.ts';
import { newNonce, signedEvent } from '../runtime/server/signed-events.ts';
import { TextLineSplitter } from '../wire/lines.ts';

const MAIN = fileURLToPath(new URL('../harness/main.ts', import.meta.url));

export interface ChildRun {
  exercise: string;
  mode: 'run' | 'check';
  exercisesRoot: string;
  workRoot: string;
  workspace?: string;
  solution?: boolean;
  timeoutMs?: number;
  /** The limit the harness holds (the flag, else the exercise's own), held here from outside too. */
  limitMs: number;
  seed?: number;
  /** The learner's own command (--cmd), as they typed it: the harness splits it again. */
  cmd?: string;
}

/** What became of the run: its summary, or a harness that exited 2 on a usage error. */
export type ChildOutcome = { summary: Summary } | { usage: true };

export async function runInHarness(
  run: ChildRun,
  onEvent: (event: HarnessEvent) => void,
): Promise<ChildOutcome> {
  const args = ['--exercise', run.exercise, '--mode', run.mode];
  args.push('--exercises-root', run.exercisesRoot);
  if (run.workspace) args.push('--workspace', run.workspace);
  if (run.solution) args.push('--solution');
  if (run.timeoutMs !== undefined) args.push('--timeout-ms', String(run.timeoutMs));
  if (run.seed !== undefined) args.push('--seed', String(run.seed));
  if (run.cmd !== undefined) args.push('--cmd', run.cmd);
  const started = performance.now();
  // The nonce goes on stdin, out of the learner's sight (signed-events.ts).
  const nonce = newNonce();
  const child = spawn(process.execPath, [MAIN, ...args, '--nonce-stdin'], {
    stdio: ['pipe', 'pipe', 'inherit', 'ignore', 'pipe'],
    env: { ...process.env, ...compileCacheEnv(process.env), ...noticesEnv },
  });
  child.stdin!.on('error', () => {});
  child.stdin!.end(`${nonce}\n`);
  // Told to stop (Ctrl-C, a closed terminal): the harness ends its run on its way out.
  const stop = () => child.kill('SIGTERM');
  process.on('exit', stop);
  const overseer = new Overseer(child, { limitMs: run.limitMs, workRoot: run.workRoot });

  const checks: CheckResult[] = [];
  let done: Extract<HarnessEvent, { type: 'done' }> | undefined;
  const lines = new TextLineSplitter();
  const take = (line: string) => {
    const json = signedEvent(line, nonce);
    if (done || json === undefined) return;
    let event: HarnessEvent;
    try {
      event = JSON.parse(json) as HarnessEvent;
    } catch {
      return;
    }
    if (event.type === 'check') {
      const { type: _type, ...result } = event;
      checks.push(result);
    }
    if (event.type === 'done') done = event;
    onEvent(event);
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => lines.push(text).forEach(take));
  const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  process.off('exit', stop);
  const last = lines.end();
  if (last !== null) take(last);
  if (!done && exit.code === 2) return { usage: true };

  const durationMs = Math.round(performance.now() - started);
  const base = { exercise: run.exercise, mode: run.mode, frames: 0, durationMs };
  if (done) {
    return {
      summary: {
        ...base,
        verdict: done.verdict,
        passed: done.passed,
        checks,
        killed: done.killed,
        summary: done.summary,
        seed: done.seed,
        ending: done.ending,
        refused: done.refused,
      },
    };
  }
  // No verdict: the harness died or was ended from outside before it could clean up.
  overseer.cleanUp();
  const aftermath = overseer.aftermath(exit.signal);
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  return {
    summary: {
      ...base,
      verdict: aftermath?.verdict ?? 'error',
      passed: false,
      checks: [],
      ending: { timeoutMs: run.limitMs, exit: null, program: 'learner' },
      summary:
        aftermath?.summary ??
        `the harness ${how} before it gave a verdict. This is a fault in the course's ` +
          'runtime, not in your code: run it again, and if it happens again, report it.',
    },
  };
}
