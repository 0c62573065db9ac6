// A process started as the leader of its own process group, so that whatever it starts (a
// server, a grandchild it forgot) can be ended with it in one kill. The program under test,
// each docked server (dock.ts) and Paper Trail on HTTP each run as one. The program, where Linux allows it, runs in a PID
// namespace of its own behind a tiny init (pid-namespace.ts): then the group's leader is the
// namespace's wrapper, and `child` stands for the program inside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import {
  childrenOf,
  descriptorOf,
  initReady,
  inNamespace,
  openFiles,
  treeBelow,
  zombieExit,
} from './pid-namespace.ts';
import { groupAlive } from './procs.ts';
import { atExit } from './at-exit.ts';

/** The program as the session sees it: its pipes, its 'exit' (code, signal) and 'error'. */
export interface Program extends EventEmitter {
  readonly pid: number | undefined;
  readonly stdout: Readable;
  readonly stderr: Readable;
}

/** How often a program in a namespace is looked at for having exited. */
const EXIT_POLL_MS = 10;

export class ProcessGroup {
  readonly child: Program;
  /** Resolves once the leader's stdout and stderr have delivered their last bytes. */
  readonly closed: Promise<void>;
  /** Processes of the wrapper, not of the run: never counted as the run's strays. */
  readonly wrappers = new Set<number>();
  /** The program's stdin, when it was asked for (in a namespace, the init passes it on). */
  readonly stdin: Writable | null;
  private readonly leader: ChildProcess;
  private readonly namespaced: boolean;
  /** The program inside the namespace, by the pid the harness sees, once it was found. */
  private inside: number | undefined;
  private readonly releaseAtExit: () => void;

  constructor(
    command: string,
    args: string[],
    cwd?: string,
    env?: NodeJS.ProcessEnv,
    /**
     * A PID namespace, with this folder (the checkout) read-only but for `cwd`; a pipe to
     * the program's stdin.
     */
    options: { namespace?: { readOnly: string }; stdin?: boolean } = {},
  ) {
    this.namespaced = options.namespace !== undefined;
    if (options.namespace) {
      const writable = cwd ?? process.cwd();
      const wrapped = inNamespace(command, args, { ...options.namespace, writable });
      // The program's stderr comes on fd 3: the wrapper's own stderr says nothing learners need.
      this.leader = spawn(wrapped.command, wrapped.args, {
        cwd,
        env,
        detached: true,
        stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'ignore', 'pipe'],
      });
      this.child = this.followInside(this.leader);
    } else {
      this.leader = spawn(command, args, {
        cwd,
        env,
        detached: true,
        stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      });
      this.child = this.leader as Program;
    }
    this.stdin = this.leader.stdin;
    // A leader that is gone takes no more input; that is no error of the harness's.
    this.stdin?.on('error', () => {});
    this.closed = new Promise((resolve) => this.leader.once('close', () => resolve()));
    // If the harness itself dies, the learner's processes must not outlive it.
    this.releaseAtExit = atExit(this.kill);
  }

  /**
   * The program inside the namespace: the wrapper's child (the init), once it has started
   * the program and become its `sleep`, has it as its only child. Its exit is read off its zombie, which the init never reaps; a namespace killed
   * before that was seen took the program with it (SIGKILL).
   */
  private followInside(leader: ChildProcess): Program {
    const program = Object.assign(new EventEmitter(), {
      pid: leader.pid,
      stdout: leader.stdout!,
      stderr: leader.stdio[3] as Readable,
    });
    if (leader.pid) this.wrappers.add(leader.pid);
    let exited = false;
    const exit = (code: number | null, signal: string | null) => {
      if (exited) return;
      exited = true;
      clearInterval(poll);
      program.emit('exit', code, signal);
    };
    const poll = setInterval(() => {
      const inside = this.findInside();
      const status = inside === undefined ? null : zombieExit(inside);
      if (status) exit(status.code, status.signal);
    }, EXIT_POLL_MS);
    leader.once('exit', () => exit(null, 'SIGKILL'));
    leader.once('error', (err) => {
      exited = true;
      clearInterval(poll);
      program.emit('error', err);
    });
    return program;
  }

  /** The program inside the namespace, once the init has started it. */
  private findInside(): number | undefined {
    if (this.inside !== undefined || !this.leader.pid) return this.inside;
    const [init] = childrenOf(this.leader.pid);
    // Only once the init is its `sleep`: before, its children are the mounts it makes.
    if (init === undefined || !initReady(init)) return undefined;
    const [found] = childrenOf(init);
    if (found === undefined) return undefined;
    this.wrappers.add(init);
    this.wrappers.add(found);
    return (this.inside = found);
  }

  /**
   * A signal for the program alone (a client passing SIGTERM on to its server): in a
   * namespace, to the program inside it once it has been seen; a no-op once it is gone.
   */
  signal(name: NodeJS.Signals): void {
    const pid = this.namespaced ? this.findInside() : this.leader.pid;
    try {
      if (pid) process.kill(pid, name);
    } catch {
      // Already gone.
    }
  }

  /**
   * Once the program has exited: resolves when nothing it left behind still holds its
   * output (a helper it started with its stdout), as a pipe's reader sees its end. In a
   * namespace the wrapper holds the pipes too, so they never close by themselves: once no
   * process in the namespace holds them, the namespace is ended. A daemon that let go of
   * them (a double fork to /dev/null) goes with it.
   */
  async settled(): Promise<void> {
    const leader = this.leader.pid;
    if (this.namespaced && leader) {
      // The wrapper's stdout and fd 3 are the program's stdout and stderr pipes.
      const pipes = new Set([1, 3].flatMap((fd) => descriptorOf(leader, fd) ?? []));
      const [init] = childrenOf(leader);
      const holds = (pid: number) =>
        zombieExit(pid) === null && openFiles(pid).some((file) => pipes.has(file));
      while (init !== undefined && pipes.size > 0 && treeBelow(init).some(holds)) {
        await new Promise((r) => setTimeout(r, EXIT_POLL_MS));
      }
      this.kill();
    }
    await this.closed;
  }

  /** SIGKILL to every member of the group; a no-op once it is gone. */
  readonly kill = (): void => {
    try {
      if (this.leader.pid) process.kill(-this.leader.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };

  /**
   * SIGKILL lands asynchronously: wait until no member of the group is left, so that "the
   * run is over" also means "nothing of it is still running". Gives up after about a second.
   */
  async untilGone(): Promise<void> {
    const pid = this.leader.pid;
    for (let i = 0; i < 100 && pid && groupAlive(pid); i++) {
      await new Promise((r) => setTimeout(r, 10));
      this.kill();
    }
  }

  /** The group is gone: the harness no longer needs to kill it on its own way out. */
  release(): void {
    this.releaseAtExit();
  }
}
