// Is anything of a process group still running? A killed process stays a zombie until its
// new parent (init, or whatever reaps orphans) collects it; a zombie runs no code, so it
// counts as gone. /proc tells the two apart on Linux; elsewhere kill(-pgid, 0) has to do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name, from the state on. */
function fields(pid: string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may contain spaces: read the fields after its ')'.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function stat(pid: string): { state: string; pgid: number } | null {
  const f = fields(pid);
  return f && { state: f[0], pgid: Number(f[2]) };
}

export function groupAlive(pgid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const s = stat(pid);
      if (s && s.pgid === pgid && s.state !== 'Z' && s.state !== 'X') return true;
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export function processAlive(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    const s = stat(String(pid));
    return s !== null && s.state !== 'Z' && s.state !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
  /** Start time in clock ticks since boot: tells a process from a later one with its pid. */
  start: number;
}

export function procAvailable(): boolean {
  return existsSync('/proc/self/stat');
}

/** One process as /proc shows it; null when there is none with that pid. */
export function readProcess(pid: number): ProcInfo | null {
  const f = fields(String(pid));
  return f && { pid, ppid: Number(f[1]), state: f[0], start: Number(f[19]) };
}

/** Every process /proc shows, zombies included. */
export function listProcesses(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = readProcess(Number(name));
    if (p) out.push(p);
  }
  return out;
}

/** The process's environment as NUL-separated text; empty when it cannot be read. */
export function readEnviron(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return '';
  }
}
