// Is anything of a process group still running? A killed process stays a zombie until its
// new parent (init, or whatever reaps orphans) collects it; a zombie runs no code, so it
// counts as gone. /proc tells the two apart on Linux; elsewhere kill(-pgid, 0) has to do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

function stat(pid: string): { state: string; pgid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may contain spaces: read the fields after its ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], pgid: Number(fields[2]) };
  } catch {
    return null;
  }
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
