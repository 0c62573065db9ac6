// What a goal of `npm run bench` is and the measuring tools the goals share. A goal measures
// itself against a baseline taken in the same run (machine load drifts over both alike) and
// hands back lines that bench/run.ts prints as "measure: value (goal)".
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { exerciseFolderOf } from '../sandbox/course/exercise-folders.ts';
import { compileCacheEnv } from '../sandbox/harness/compile-cache.ts';
import { PAPER_TRAIL_MAIN } from '../sandbox/paper-trail/command.ts';

export interface GoalLine {
  /** What is measured, e.g. "check latency (CLI)". */
  measure: string;
  /** The figure with its unit, e.g. "1.42× direct run". */
  value: string;
  /** The target, e.g. "≤ 1.5×". */
  goal: string;
  /** The baseline and its figures from this run, in a few words. */
  baseline: string;
  /** Whether the goal is met; undefined where the figure is information, not a test. */
  met?: boolean;
}

export interface Goal {
  name: string;
  /**
   * A goal too slow for every run: measured only when `npm run bench -- --<flag>` is given,
   * and otherwise named with how to run it and about how long it takes.
   */
  slow?: { flag: string; takes: string };
  measure(): Promise<GoalLine[]>;
}

export const REPS = Number(process.env.BENCH_REPS ?? 7);

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Wall-clock ms of one command to its end; rejects on a non-zero exit, with its output. */
export function timeCommand(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (b: Buffer) => void (output = (output + b.toString()).slice(-2000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/** The environment of every measured command: with the compile cache the harness gives its programs. */
export const benchEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  ...compileCacheEnv(process.env),
});

/**
 * The environment of a command a learner types: their shell's, which does not name a compile
 * cache (the project's commands turn the cache on themselves). The bench's own, without it.
 */
export const shellEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NODE_COMPILE_CACHE;
  return env;
};

export const REPO = fileURLToPath(new URL('../', import.meta.url));
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** raw-client's folder, in its lesson's: the exercise every latency goal runs. */
export const RAW_CLIENT = exerciseFolderOf('raw-client', REPO)!.dir;
const CLIENT = join(RAW_CLIENT, 'solution', 'client.ts');

/**
 * The baseline of the latency goals: raw-client's solution run directly against Paper Trail
 * (`node client.ts node <main.ts>`), the two programs a check runs, without harness or npm.
 */
export function directRun(): Promise<number> {
  return timeCommand(process.execPath, [CLIENT, process.execPath, PAPER_TRAIL_MAIN], {
    env: benchEnv(),
  });
}

/**
 * Runs every contender `reps` times after one uncounted warm-up each, interleaved: each round
 * runs all of them, in an order that turns round by round so that none always goes first.
 * Returns each contender's times (ms), round by round, so that figures can be paired.
 */
export async function interleaved<K extends string>(
  contenders: Record<K, () => Promise<number>>,
  reps = REPS,
): Promise<Record<K, number[]>> {
  const names = Object.keys(contenders) as K[];
  const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (const name of names) await contenders[name]();
  for (let round = 0; round < reps; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) times[name].push(await contenders[name]());
  }
  return times;
}

/** The median of the round-by-round ratios a[i] / b[i]. */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  return median(a.map((x, i) => x / b[i]!));
}

export const ms = (x: number) => `${x.toFixed(0)} ms`;
export const list = (xs: readonly number[]) => `[${xs.map((x) => x.toFixed(0)).join(', ')}]`;
