// One harness kept started ahead of the next run (sandbox/harness/standby-args.ts): a Check
// then skips the harness's own start, about a quarter of a second of Node starting, stripping
// types and compiling the engine and the course's checks. Used by the workshop server, which
// serves a built course; the dev server starts each harness afresh, so that an edit to the
// engine counts at once. A check edited while the workshop runs still counts at once: a
// standby older than any file the checks come from is not used.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { exerciseFolders, FIXTURES_DIR } from '../../course/exercise-folders.ts';
import type { Readable } from 'node:stream';
import { spawnStandbyHarness, STOP_GRACE_MS, type HarnessChild } from './harness-run.ts';
import { STANDBY_FLAG, TAKEN } from '../../harness/standby-args.ts';

/**
 * How long a standby may take to say it has its arguments before a fresh harness runs. It
 * says so as soon as it has read them, but one taken right after it started first finishes
 * loading the engine, which takes seconds on a slow machine's first run (a cold compile
 * cache): a fresh harness would take as long. Only a standby that is stuck runs into this.
 */
export const TAKEN_WITHIN_MS = 10_000;

type Standby = ReturnType<typeof spawnStandbyHarness>;

export class StandbyHarness {
  /** The standby started last, with when, while no run has taken it. */
  #waiting: { child: Standby; startedAt: number } | undefined;
  #closed = false;
  readonly #command: string;
  readonly #main: string;

  readonly #takenWithinMs: number;

  constructor(command: string, main: string, takenWithinMs = TAKEN_WITHIN_MS) {
    this.#command = command;
    this.#main = main;
    this.#takenWithinMs = takenWithinMs;
  }

  /** Starts one unless one is waiting (or the endpoint is closing). */
  warm(): void {
    if (this.#closed || (this.#waiting && !exited(this.#waiting.child))) return;
    const startedAt = Date.now();
    const child = spawnStandbyHarness(this.#command, [this.#main, STANDBY_FLAG]);
    // Heard for good: an unheard 'error' would end the server. A standby that could not
    // start or has died is simply not taken (take() says so), and a run starts afresh.
    child.on('error', () => {});
    child.stdin.on('error', () => {});
    this.#waiting = { child, startedAt };
  }

  /**
   * The waiting harness, handed its arguments (those after the main file), once it has said
   * it took them; undefined when none is waiting or it does not say so (it died, or hangs),
   * and then it is killed.
   */
  async take(args: string[]): Promise<HarnessChild | undefined> {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (!waiting || exited(waiting.child)) return undefined;
    const { child, startedAt } = waiting;
    if (checksChangedSince(this.#main, startedAt)) {
      child.kill('SIGKILL');
      return undefined;
    }
    child.stdin.end(JSON.stringify(args) + '\n');
    if (await saysTaken(child.stdio[3] as Readable, this.#takenWithinMs)) return child;
    child.kill('SIGKILL');
    return undefined;
  }

  /** Ends the waiting harness, if any, and starts no more; resolves once it has exited. */
  async close(): Promise<void> {
    this.#closed = true;
    const child = this.#waiting?.child;
    this.#waiting = undefined;
    if (!child || exited(child)) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    // Its stdin ending without arguments is a standby's way out: it exits at once.
    child.stdin.end();
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await gone;
    clearTimeout(kill);
  }
}

function exited(child: Standby): boolean {
  return child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
}

/** Whether the standby says TAKEN on its fd 3 before that pipe ends or time runs out. */
function saysTaken(pipe: Readable, withinMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let said = '';
    const settle = (taken: boolean) => {
      clearTimeout(timer);
      pipe.off('data', onData);
      pipe.off('close', onEnd);
      pipe.off('end', onEnd);
      pipe.destroy();
      resolve(taken);
    };
    const onData = (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said === TAKEN) settle(true);
      else if (!TAKEN.startsWith(said)) settle(false);
    };
    const onEnd = () => settle(false);
    const timer = setTimeout(() => settle(false), withinMs);
    pipe.on('data', onData);
    pipe.on('end', onEnd);
    pipe.on('close', onEnd);
  });
}

/**
 * Whether a file the course's checks load from (the exercise folders and sandbox/checks/ of
 * the checkout the harness's main.ts is in) changed since `since`: a few dozen stats, about 3 ms.
 */
function checksChangedSince(main: string, since: number): boolean {
  const repo = resolve(dirname(main), '..', '..');
  let exercises: string[];
  try {
    exercises = exerciseFolders(repo).map((folder) => folder.dir);
  } catch {
    return true; // a folder the course cannot read: let a fresh harness say why
  }
  for (const dir of [...exercises, join(repo, 'sandbox', 'checks')]) {
    let names: string[];
    try {
      names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    } catch {
      return true;
    }
    for (const name of names) {
      // Fixtures are submissions the tests judge; no check loads them.
      if (!name.endsWith('.ts') || name.startsWith(`${FIXTURES_DIR}/`)) continue;
      try {
        if (statSync(join(dir, name)).mtimeMs >= since) return true;
      } catch {
        return true; // gone since the listing: changed
      }
    }
  }
  return false;
}
