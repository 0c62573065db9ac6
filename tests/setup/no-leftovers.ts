// vitest globalSetup: the test suite must leave no process it started (a run ends all it
// started, and so must the tests). Setup notes which processes exist; teardown looks for new ones that belong to this
// checkout (their command line or working folder is inside it: learner programs, servers,
// harnesses, strays started from a work folder), waits a moment for kills in flight, and then
// names, kills and fails on whatever is left. A process that left its parent is found all the
// same, which a look at the runner's children alone would miss. A process started by someone
// else in this folder meanwhile (a shell of a colleague reading files here) is not ours: its
// ancestors include a process that was already running, outside the runner's own line.
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

/** The parent pid and start time of a process, or null once it is gone. */
function stat(pid: number): { ppid: number; key: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), key: `${pid}@${fields[19]}` };
  } catch {
    return null;
  }
}

/** The runner and its ancestors, up to pid 1: where its own processes and orphans hang. */
function ownLine(): Set<number> {
  const line = new Set<number>();
  for (let pid = process.pid; pid > 0 && !line.has(pid); pid = stat(pid)?.ppid ?? 0) line.add(pid);
  return line;
}

/** Every process running at setup, by pid and start time. */
let existing = new Set<string>();

/**
 * Started outside the runner: the first ancestor that is either on the runner's own line or
 * was running before setup decides (a learner process that lost its parent is reparented
 * onto the runner's line, to pid 1 at the latest, so it stays ours).
 */
function foreign(pid: number, line: Set<number>): boolean {
  for (let p = stat(pid)?.ppid ?? 0, hops = 0; p > 0 && hops < 64; hops++) {
    if (line.has(p)) return false;
    const s = stat(p);
    if (!s) return false;
    if (existing.has(s.key)) return true;
    p = s.ppid;
  }
  return false;
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
/**
 * Set by setup. vitest runs every teardown when an earlier setup throws (a missing
 * precondition); without a list of what ran before, every process in this folder would look
 * like a leftover, a colleague's shell included.
 */
let armed = false;

export function setup(): void {
  armed = true;
  before = new Set(ours().map((p) => p.key));
  existing = new Set(
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((name) => stat(Number(name))?.key ?? []),
  );
}

export async function teardown(): Promise<void> {
  if (!armed) return;
  const line = ownLine();
  const started = () => ours().filter((p) => !before.has(p.key) && !foreign(p.pid, line));
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
