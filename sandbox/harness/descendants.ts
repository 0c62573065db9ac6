// Every process a run started, wherever it went. A program can leave its process group
// (spawn with `detached`, setsid) and then a group kill misses it; once its parent exits it
// is adopted by init and no longer looks like part of the run. So the run keeps a list of
// what it has seen, by parent chain from the program, scanned while the run lives, and at the
// end also finds processes by a marker in their environment, which children inherit unless
// they clear it. Linux's child-subreaper would keep them as descendants, but Node cannot set it.
//
// Ending them: SIGSTOP everything found, scan again (a stopped process cannot start another),
// repeat until a scan finds nothing new, then SIGKILL the lot. Needs /proc; elsewhere (the
// WebContainer) only the process group is ended.
import { randomUUID } from 'node:crypto';
import { listProcesses, procAvailable, readEnviron, readProcess, type ProcInfo } from './procs.ts';

/** The environment variable that marks the processes of one run. */
export const RUN_MARKER = 'MCPW_RUN';

/** How many stop-and-scan rounds before giving up on a program that keeps forking. */
const MAX_ROUNDS = 50;

export class Descendants {
  /** Put into the program's environment: `${RUN_MARKER}=${id}`. */
  readonly id = randomUUID();
  private root = -1;
  /**
   * The program's start time: nothing started before it can carry the run's marker, so the
   * marker search reads the environment only of processes started since (on a desktop with
   * hundreds of processes that is most of the cost of ending a run).
   */
  private since = 0;
  /** Seen processes by pid, with the start time that tells them from a reused pid. */
  private readonly seen = new Map<number, number>();
  private readonly killedKeys = new Set<string>();
  /**
   * The program, the servers docked for it, and their wrappers (pid-namespace.ts): no
   * strays of the run's. Sets that grow as each wrapper shows its processes.
   */
  private readonly uncounted: ReadonlySet<number>[] = [];

  /**
   * From now on, what descends from `root` (the program, or the namespace's wrapper around
   * it) belongs to the run; `uncounted` are the wrapper's own processes and the program.
   */
  track(root: number, uncounted: ReadonlySet<number> = new Set()): void {
    this.root = root;
    this.uncounted.push(uncounted);
    // Its start time too: once the program is gone and reaped, its pid may be someone else's.
    const p = readProcess(root);
    if (p) {
      this.seen.set(root, p.start);
      this.since = p.start;
    }
  }

  /**
   * A process the harness started for the run outside the program's tree (a docked learner's
   * server): it and what descends from it belong to the run, and it and `uncounted` (its
   * wrappers) are no strays. May come before the program is tracked.
   */
  adopt(pid: number, uncounted: ReadonlySet<number>): void {
    const p = readProcess(pid);
    if (p) this.seen.set(pid, p.start);
    this.uncounted.push(new Set([pid]), uncounted);
  }

  /** How many processes other than the program itself had to be killed. */
  get killed(): number {
    return this.killedKeys.size;
  }

  /** Adds what now descends from the program or from anything seen before. */
  scan(byMarker = false): ProcInfo[] {
    if (!procAvailable()) return [];
    const all = listProcesses();
    const running = all.filter((p) => p.state !== 'Z' && p.state !== 'X');
    const isOurs = (p: ProcInfo): boolean => this.seen.get(p.pid) === p.start;
    const found = new Map<number, ProcInfo>();
    for (const p of running) {
      const marked =
        byMarker && p.pid !== process.pid && p.start >= this.since && this.marked(p.pid);
      if (isOurs(p) || marked) found.set(p.pid, p);
    }
    // Parent chains, to a fixed point: children of anything found are found too.
    let grew: boolean;
    do {
      grew = false;
      for (const p of running) {
        if (!found.has(p.pid) && found.has(p.ppid)) {
          found.set(p.pid, p);
          grew = true;
        }
      }
    } while (grew);
    for (const p of found.values()) this.seen.set(p.pid, p.start);
    return [...found.values()];
  }

  /**
   * Stops and then kills every process of the run that still runs, the program included.
   * Synchronous, so that it also works in an 'exit' listener.
   */
  readonly killAll = (): void => {
    if (!procAvailable()) return;
    const stopped = new Map<number, ProcInfo>();
    // The scan of a round that found nothing new is the last word (a stopped process starts
    // nothing); only after the last allowed round does one more scan look again.
    let last: ProcInfo[] | undefined;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const found = this.scan(true);
      const fresh = found.filter((p) => !stopped.has(p.pid) && p.state !== 'T');
      if (fresh.length === 0) {
        last = found;
        break;
      }
      for (const p of fresh) {
        signal(p.pid, 'SIGSTOP');
        stopped.set(p.pid, p);
      }
      // Signals land asynchronously: let the stops take hold before looking again.
      sleepSync(2);
    }
    last ??= this.scan(true);
    for (const p of last) stopped.set(p.pid, p);
    // The run's own processes before the wrapper's: killing a namespace's wrapper kills
    // everything in it, and a process already gone would not be counted.
    const order = [...stopped.values()].sort(
      (a, b) => Number(this.isWrapper(a.pid)) - Number(this.isWrapper(b.pid)),
    );
    for (const p of order) {
      const killed = signal(p.pid, 'SIGKILL');
      if (killed && !this.isWrapper(p.pid)) {
        this.killedKeys.add(`${p.pid}:${p.start}`);
      }
    }
  };

  /** SIGKILL lands asynchronously: waits until nothing killed still runs (a second at most). */
  async untilGone(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const alive = new Set(
        listProcesses()
          .filter((p) => p.state !== 'Z' && p.state !== 'X')
          .map((p) => `${p.pid}:${p.start}`),
      );
      if (![...this.killedKeys].some((k) => alive.has(k))) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The program itself, or a process of the wrapper around it: no stray. */
  private isWrapper(pid: number): boolean {
    return pid === this.root || this.uncounted.some((set) => set.has(pid));
  }

  private marked(pid: number): boolean {
    return readEnviron(pid).includes(`${RUN_MARKER}=${this.id}`);
  }
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}
