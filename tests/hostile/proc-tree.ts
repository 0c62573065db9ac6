// Processes as /proc shows them (Linux): who descends from whom, and who is still running.
// A leak check has to go by parent chain, recorded while the tree is intact: once a parent
// dies its children are re-parented and no longer look related to anything.
import { readdirSync, readFileSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  command: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command sits in parentheses and may hold spaces: the fields follow its last ')'.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return {
      pid,
      state: fields[0],
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      command: cmdline || text.slice(text.indexOf('(') + 1, close),
    };
  } catch {
    return undefined;
  }
}

export function allProcs(): Proc[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== undefined);
}

/** Every process below `root` by parent chain, as things stand now. */
export function descendants(root: number): Proc[] {
  const procs = allProcs();
  const found: Proc[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const children = procs.filter((p) => frontier.includes(p.ppid));
    found.push(...children);
    frontier = children.map((p) => p.pid);
  }
  return found;
}

/** Running, or able to run: a zombie has ended and only waits to be collected. */
export function running(p: Proc): boolean {
  return p.state !== 'Z' && p.state !== 'X';
}

/**
 * Which of `seen` still run, plus anything running in their process groups (a group member
 * started after the snapshot). A reused pid would have to reappear with the same start
 * command, which the comparison of commands rules out.
 */
export function survivors(seen: Proc[]): Proc[] {
  const groups = new Set(seen.map((p) => p.pgid));
  return allProcs().filter(
    (p) =>
      running(p) &&
      (seen.some((s) => s.pid === p.pid && s.command === p.command) || groups.has(p.pgid)),
  );
}
