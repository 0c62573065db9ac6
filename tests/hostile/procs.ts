// Processes as /proc tells them, for the hostile tests: who descends from whom (by parent
// chain, not by process group, which a hostile program can leave), who carries a marker,
// and whether a process seen earlier is still the same process and still running.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  /** Start time in clock ticks since boot: a reused pid has another one. */
  start: number;
  state: string;
  /** The command line, for messages and for finding a run's folders. */
  command: string;
}

function read(pid: number): Proc | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: count fields after its ')'.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(f[1]),
      pgid: Number(f[2]),
      start: Number(f[19]),
      state: f[0],
      command: cmdline(pid).trim(),
    };
  } catch {
    return null;
  }
}

export function allProcs(): Proc[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((p): p is Proc => p !== null);
}

/** Every process whose chain of parents leads to `root` (not `root` itself). */
export function descendantsOf(root: number): Proc[] {
  const procs = allProcs();
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: Proc[] = [];
  const todo = [root];
  while (todo.length > 0) {
    for (const child of children.get(todo.pop()!) ?? []) {
      found.push(child);
      todo.push(child.pid);
    }
  }
  return found;
}

export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

export function cwdOf(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
}

/** Processes whose environment holds `entry` (e.g. "MCPW_RUN=<id>", a run's marker). */
export function withEnv(entry: string): Proc[] {
  return allProcs().filter((p) => {
    try {
      return readFileSync(`/proc/${p.pid}/environ`, 'utf8').split('\0').includes(entry);
    } catch {
      return false;
    }
  });
}

/** Processes whose command line contains `marker`. */
export function withMarker(marker: string): Proc[] {
  return allProcs().filter((p) => p.pid !== process.pid && cmdline(p.pid).includes(marker));
}

/** Is this process (the same one, not a reused pid) still running? Zombies run nothing. */
export function running(p: Proc): boolean {
  const now = read(p.pid);
  return now !== null && now.start === p.start && now.state !== 'Z' && now.state !== 'X';
}

/**
 * Which of `seen` still run, plus anything running in their process groups (a member started
 * after the snapshot was taken).
 */
export function survivors(seen: Proc[]): Proc[] {
  const groups = new Set(seen.map((p) => p.pgid));
  return allProcs().filter(
    (p) =>
      p.state !== 'Z' &&
      p.state !== 'X' &&
      (seen.some((s) => s.pid === p.pid && s.start === p.start) || groups.has(p.pgid)),
  );
}

/** Test cleanup: SIGKILL whatever of `procs` still runs, so a failing test leaves nothing. */
export function killAll(procs: Iterable<Proc>): void {
  for (const p of procs) {
    try {
      if (running(p)) process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone in between.
    }
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => T | null | undefined | false,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
