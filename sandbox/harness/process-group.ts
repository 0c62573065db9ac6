// A process started as the leader of its own process group, so that whatever it starts (a
// server, a grandchild it forgot) can be ended with it in one kill. The program under test
// and Paper Trail on HTTP each run as one.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { groupAlive } from './procs.ts';

export class ProcessGroup {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves once the leader's stdout and stderr have delivered their last bytes. */
  readonly closed: Promise<void>;

  constructor(command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv) {
    this.child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.closed = new Promise((resolve) => this.child.once('close', () => resolve()));
    // If the harness itself dies, the learner's processes must not outlive it.
    process.on('exit', this.kill);
  }

  /** SIGKILL to every member of the group; a no-op once it is gone. */
  readonly kill = (): void => {
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };

  /**
   * SIGKILL lands asynchronously: wait until no member of the group is left, so that "the
   * run is over" also means "nothing of it is still running". Gives up after about a second.
   */
  async untilGone(): Promise<void> {
    const pid = this.child.pid;
    for (let i = 0; i < 100 && pid && groupAlive(pid); i++) {
      await new Promise((r) => setTimeout(r, 10));
      this.kill();
    }
  }

  /** The group is gone: the harness no longer needs to kill it on its own way out. */
  release(): void {
    process.off('exit', this.kill);
  }
}
