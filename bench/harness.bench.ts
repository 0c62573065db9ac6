// What the exercise harness costs: checking the raw-client solution through runExercise
// (work folder, tap relay, recording, checks) against running the same two programs
// (solution client + Paper Trail) directly. Repetitions are interleaved so that machine
// load drifts over both alike; the figure that matters is the ratio of medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { paperTrailCommand } from '../sandbox/paper-trail/index.ts';
import { runExercise } from '../sandbox/harness/run.ts';
import { checks } from '../sandbox/course/exercise-checks.ts';
import { exerciseFolderOf } from '../sandbox/course/exercise-folders.ts';

const REPS = Number(process.env.BENCH_REPS ?? 7);
const REPO = fileURLToPath(new URL('../', import.meta.url));
const CLIENT = join(exerciseFolderOf('raw-client', REPO)!.dir, 'solution', 'client.ts');
const RELAY = fileURLToPath(new URL('../sandbox/tap/relay-main.ts', import.meta.url));

function run(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${args[0]} exited with ${code}`));
      else resolve(performance.now() - started);
    });
  });
}

async function direct(): Promise<number> {
  const pt = paperTrailCommand();
  return run(process.execPath, [CLIENT, pt.command, ...pt.args]);
}

async function directWithTap(): Promise<number> {
  const pt = paperTrailCommand();
  const dir = mkdtempSync(join(tmpdir(), 'tap-bench-'));
  try {
    const tap = [RELAY, '--record', join(dir, 'tap.ndjson'), '--', pt.command, ...pt.args];
    return await run(process.execPath, [CLIENT, process.execPath, ...tap]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function harness(): Promise<number> {
  const started = performance.now();
  const s = await runExercise(
    { exercise: 'raw-client', mode: 'check', solution: true, checks },
    () => {},
  );
  if (!s.passed) throw new Error(`solution did not pass: ${s.summary}`);
  return performance.now() - started;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const times = { direct: [] as number[], tap: [] as number[], harness: [] as number[] };
// One warm-up of each, not counted: the first run pays for cold file caches.
await direct();
await directWithTap();
await harness();
for (let i = 0; i < REPS; i++) {
  times.direct.push(await direct());
  times.tap.push(await directWithTap());
  times.harness.push(await harness());
}

const base = median(times.direct);
const row = (name: string, xs: number[]) =>
  `${name.padEnd(34)} ${median(xs).toFixed(0).padStart(6)} ms   x${(median(xs) / base).toFixed(2)}   ` +
  `[${xs.map((x) => x.toFixed(0)).join(', ')}]`;
console.log(`raw-client solution vs Paper Trail, ${REPS} interleaved repetitions, medians:`);
console.log(row('direct (client + server)', times.direct));
console.log(row('direct with the tap relay', times.tap));
console.log(row('harness check (runExercise)', times.harness));
console.log(`ratio harness / direct: ${(median(times.harness) / base).toFixed(2)}`);
