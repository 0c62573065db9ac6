// Where Linux allows it, the program runs in a PID namespace of its own, behind a tiny init
// (`sleep`, pid 1 of the namespace). Nothing a program does takes a process out of its PID
// namespace: not a double fork, not setsid, not an empty environment. When the init dies,
// the kernel kills everything in the namespace, and the init dies with the harness
// (setpriv's parent-death signal on unshare, unshare's --kill-child on the init), so even a
// harness killed outright takes the run with it. The namespace's own /proc (mounted in a
// mount namespace of its own) shows the program its own processes only: neither the harness
// nor whatever started it can be seen, signalled or read (/proc/<pid>/environ). In the same
// mount namespace the checkout is read-only to the program, its own work folder aside.
//
// The program is started by the init's shell in the background and never reaped: it stays a
// zombie whose wait status /proc/<pid>/stat still shows, so its exit is known exactly
// (a shell's `wait` would mix up "killed by signal 9" and "exit code 137").
//
// Elsewhere (macOS, the WebContainer, a Linux that refuses namespaces to this user) the
// harness falls back on its process group and descendants.ts's search. MCPW_CONTAINMENT=off
// turns the namespace off, for the tests of that fallback.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDRESS_SPACE_KIB } from './memory-limit.ts';

/**
 * How the init starts the program. First the checkout is made read-only in the namespace's
 * own mount table (a bind mount of it onto itself, remounted read-only) and the program's
 * work folder writable again (the same, read-write), then the init enters the work folder
 * anew: a working folder taken before the mounts would still reach the checkout's writable
 * mount through `..`. The program's stderr comes on fd 3, unshare's own goes nowhere. Its
 * stdin is the init's, kept on fd 4: a shell gives a job it starts in the background
 * /dev/null for stdin unless told otherwise, and a docked server reads its wire there.
 */
const INIT_SCRIPT =
  'exec 4<&0; ro=$1 rw=$2; shift 2; ' +
  'mount --bind "$ro" "$ro" && mount -o remount,bind,ro "$ro" && ' +
  'mount --bind "$rw" "$rw" && mount -o remount,bind,rw "$rw" && cd "$rw" || ' +
  '{ echo "the harness could not make the checkout read-only for this run" >&3; exit 97; }; ' +
  `unset ro rw PWD OLDPWD; ulimit -v ${ADDRESS_SPACE_KIB}; ` +
  '"$@" <&4 4<&- 2>&3 3>&- & exec sleep infinity </dev/null >/dev/null 2>/dev/null 3>&- 4<&-';
/** The name the init's shell runs under ($0), so that it reads as what it is in ps. */
const INIT_NAME = 'mcpw-init';
/** What the probe asks of the namespace: the mounts a run's init makes, on a folder of its own. */
const PROBE_SCRIPT = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"';

/**
 * The checkout the harness runs from (two folders up from this file), which the program may
 * read but not write; undefined where this file is not in one (a bundle).
 */
export function checkoutRoot(): string | undefined {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  return existsSync(join(root, 'sandbox', 'harness')) ? root : undefined;
}

let available: boolean | undefined;

function unshareFlags(): string[] {
  const flags = ['--pid', '--fork', '--kill-child', '--mount-proc'];
  // A user other than root needs a user namespace to be allowed the others.
  if (process.getuid?.() !== 0) flags.unshift('--user', '--map-root-user');
  return flags;
}

/** Whether this machine gives the program a PID namespace (asked once per process). */
export function namespaceAvailable(): boolean {
  if (available !== undefined) return available;
  if (process.platform !== 'linux' || process.env.MCPW_CONTAINMENT === 'off') {
    return (available = false);
  }
  try {
    const probe = spawnSync(
      'setpriv',
      [
        '--pdeathsig',
        'KILL',
        '--',
        'unshare',
        ...unshareFlags(),
        '--',
        'sh',
        '-c',
        PROBE_SCRIPT,
        tmpdir(),
      ],
      { stdio: 'ignore', timeout: 5_000 },
    );
    return (available = probe.status === 0);
  } catch {
    // A Node without synchronous child processes has no namespaces to offer either.
    return (available = false);
  }
}

/**
 * The command that runs `command args` as the program behind the namespace's init, with
 * `readOnly` (the checkout) read-only to it except for `writable` (its work folder).
 */
export function inNamespace(
  command: string,
  args: string[],
  folders: { readOnly: string; writable: string },
): { command: string; args: string[] } {
  return {
    command: 'setpriv',
    args: [
      '--pdeathsig',
      'KILL',
      '--',
      'unshare',
      ...unshareFlags(),
      '--',
      'sh',
      '-c',
      INIT_SCRIPT,
      INIT_NAME,
      folders.readOnly,
      folders.writable,
      command,
      ...args,
    ],
  };
}

/**
 * Whether the namespace's init has started the program and become the `sleep` it ends as
 * (its shell execs it right after starting the program in the background).
 */
export function initReady(init: number): boolean {
  try {
    return readFileSync(`/proc/${init}/comm`, 'utf8').trim() === 'sleep';
  } catch {
    return false;
  }
}

/** The children of a process, as the kernel lists them; empty when it is gone. */
export function childrenOf(pid: number): number[] {
  return childrenOfTask(pid, pid);
}

/** Every process below `root`, the children of each of its threads down to the leaves. */
export function treeBelow(root: number): number[] {
  const below: number[] = [];
  const visit = (pid: number): void => {
    for (const child of childrenOfAllThreads(pid)) {
      below.push(child);
      visit(child);
    }
  };
  visit(root);
  return below;
}

function childrenOfAllThreads(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => childrenOfTask(pid, Number(task)));
}

/** The children one thread of a process started; empty when it is gone. */
function childrenOfTask(pid: number, task: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** What a process's open descriptors point at, as /proc names it (`pipe:[4711]`). */
export function openFiles(pid: number): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => descriptorOf(pid, Number(fd)) ?? []);
}

/** What one descriptor of a process points at; undefined when it is closed or gone. */
export function descriptorOf(pid: number, fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * How a process that has exited ended, read off its zombie (field 52 of /proc/<pid>/stat,
 * the status as waitpid reports it); null while it runs or once it is gone.
 */
export function zombieExit(pid: number): { code: number | null; signal: string | null } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (fields[0] !== 'Z') return null;
  const status = Number(fields[49]);
  const signo = status & 0x7f;
  if (signo === 0) return { code: (status >> 8) & 0xff, signal: null };
  return { code: null, signal: signalName(signo) };
}

function signalName(signo: number): string {
  const name = Object.entries(constants.signals).find(([, n]) => n === signo)?.[0];
  return name ?? `signal ${signo}`;
}
