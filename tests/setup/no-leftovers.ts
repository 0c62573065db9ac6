// vitest globalSetup: the test suite must leave no process it started (issue 10, "Done
// when"). Setup notes which processes exist; teardown looks for new ones that belong to this
// checkout (their command line or working folder is inside it: learner programs, servers,
// harnesses, strays started from a work folder), waits a moment for kills in flight, and then
// names, kills and fails on whatever is left. A process that left its parent is found all the
// same, which a look at the runner's children alone would miss.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The runner's own processes (its workers, Vite's esbuild service) end after teardown. */
const RUNNER = /vitest|esbuild(\.\w+)? --service/;
const SETTLE_MS = 3_000;

interface Proc {
  key: string;
  pid: number;
  command: string;
}

function read(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    let cwd = '';
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      // Another user's process: not ours.
    }
    if (!command.includes(ROOT) && !`${cwd}/`.startsWith(ROOT)) return null;
    // A pid with another start time is another process.
    return { key: `${pid}@${fields[19]}`, pid, command };
  } catch {
    return null;
  }
}

function ours(): Proc[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .map((name) => read(Number(name)))
    .filter((p): p is Proc => p !== null && !RUNNER.test(p.command));
}

let before = new Set<string>();

export function setup(): void {
  before = new Set(ours().map((p) => p.key));
}

export async function teardown(): Promise<void> {
  const started = () => ours().filter((p) => !before.has(p.key));
  const deadline = Date.now() + SETTLE_MS;
  let left = started();
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = started();
  }
  if (left.length === 0) return;
  const list = left.map((p) => `  ${p.pid} ${p.command.slice(0, 200)}`).join('\n');
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone in between.
    }
  }
  throw new Error(
    `the tests left ${left.length} process(es) of this checkout running (now killed):\n${list}`,
  );
}
