// One run of the harness program behind the local runtime endpoint: its NDJSON events go to
// the HTTP answer unchanged, and the answer always ends with a `done` event. A harness that
// dies before its own `done` (a bug, a crash, a kill) gets one written for it that says so
// and shows the end of its error output, instead of a stream that just stops.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { compileCacheEnv } from '../../harness/compile-cache.ts';
import { noticesEnv, Overseer } from '../../harness/overseer.ts';
import { signedEvent } from './signed-events.ts';
import { TextLineSplitter } from '../../wire/lines.ts';

/** How much of the end of a crashed harness's stderr the `done` event quotes. */
export const STDERR_TAIL_CHARS = 2_000;
/** How long a stopped harness has to end the learner's processes before it is killed. */
export const STOP_GRACE_MS = 3_000;

export interface HarnessRun {
  /**
   * SIGTERM to the harness, which ends the learner's processes and removes its work folder
   * on its way out; SIGKILL if it has not ended after STOP_GRACE_MS. Safe to call again.
   */
  stop(reason: string): void;
  /** Resolves once the harness has exited and the answer has ended. */
  finished: Promise<void>;
}

/** A harness process as a run gets it: its output piped, whatever became of its stdin. */
export type HarnessChild = ChildProcessByStdio<Writable | null, Readable, Readable>;

/** Starts the harness program with its arguments. */
export function spawnHarness(command: string, args: string[], nonce: string): HarnessChild {
  // stdin: the run's nonce (signed-events.ts); fd 4: its notices (overseer.ts); fd 3 is a
  // standby's, unused here.
  const child = spawn(command, [...args, '--nonce-stdin'], {
    stdio: ['pipe', 'pipe', 'pipe', 'ignore', 'pipe'],
    env: harnessEnv(),
  });
  child.stdin!.on('error', () => {});
  child.stdin!.end(`${nonce}\n`);
  return child as HarnessChild;
}

/**
 * Starts the harness program on standby (standby.ts): its arguments come on stdin, and it
 * says on fd 3 that it has taken them.
 */
export function spawnStandbyHarness(command: string, args: string[]) {
  return spawn(command, args, {
    stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
    env: harnessEnv(),
  });
}

// With the cache from its first line: Node strips and compiles the harness's own entry file
// before the harness can turn the cache on itself (about 0.1 s of every run).
function harnessEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ...compileCacheEnv(process.env), ...noticesEnv };
}

/**
 * Streams the events of a harness into the answer (see the top of this file). The harness
 * may still be on its way (a standby saying it took its arguments): a stop before it is
 * there ends it as soon as it is.
 */
export function startHarnessRun(
  starting: HarnessChild | Promise<HarnessChild>,
  res: ServerResponse,
  oversight: { limitMs: number; workRoot: string; graceMs?: number },
  nonce: string,
): HarnessRun {
  let child: HarnessChild | undefined;
  let stoppedBecause: string | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const end = (c: HarnessChild) => {
    c.kill('SIGTERM');
    killTimer = setTimeout(() => c.kill('SIGKILL'), STOP_GRACE_MS);
  };
  // Listened to in the same turn as the harness arrives, so that no event of it is missed.
  const finished = Promise.resolve(starting).then((c) => {
    child = c;
    const overseer = new Overseer(c, oversight);
    const following = follow(c, res, () => stoppedBecause, overseer, nonce);
    // After follow(): it hears the 'error' a failed kill emits.
    if (stoppedBecause) end(c);
    return following.finally(() => clearTimeout(killTimer));
  });
  return {
    finished,
    stop(reason) {
      if (stoppedBecause || (child && (child.exitCode !== null || child.signalCode !== null))) {
        return;
      }
      stoppedBecause = reason;
      if (child) end(child);
    },
  };
}

/** Passes the harness's events on until it has exited, then ends the answer. */
function follow(
  child: HarnessChild,
  res: ServerResponse,
  stoppedBecause: () => string | undefined,
  overseer: Overseer,
  nonce: string,
): Promise<void> {
  let sawDone = false;
  let spawnError: Error | undefined;

  const write = (text: string) => {
    if (!res.writableEnded && !res.destroyed) res.write(text);
  };
  const lines = new TextLineSplitter();
  // Only what the harness wrote behind this run's sentinel is an event (signed-events.ts).
  const pass = (line: string | null) => {
    const event = line === null ? undefined : signedEvent(line, nonce);
    if (event === undefined || event.trim() === '') return;
    if (isDoneEvent(event)) sawDone = true;
    write(event + '\n');
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => lines.push(text).forEach(pass));
  const stderr = new Tail(STDERR_TAIL_CHARS);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => stderr.push(text));

  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    // 'close' comes after the last stdout and stderr bytes, so nothing is lost after it.
    child.once('close', (code, signal) => resolve({ code, signal }));
    // Also emitted when a kill fails; listened to for good, since an unheard 'error' would
    // end the server. Only a failed spawn ends the run here: 'close' does that otherwise.
    child.on('error', (err) => {
      if (child.pid !== undefined) return;
      spawnError = err;
      resolve({ code: null, signal: null });
    });
  });

  return exited.then(({ code, signal }) => {
    pass(lines.end());
    if (!sawDone) {
      // Whatever the harness had no time to end and remove, its starter does.
      overseer.cleanUp();
      const stopped = stoppedBecause();
      const aftermath = stopped ? undefined : overseer.aftermath(signal);
      const summary = stopped
        ? `The run was stopped: ${stopped}.`
        : (aftermath?.summary ?? crashSummary(spawnError, code, signal, stderr.text()));
      const verdict = aftermath?.verdict ?? 'error';
      write(JSON.stringify({ type: 'done', verdict, passed: false, summary }) + '\n');
    }
    res.end();
  });
}

function crashSummary(
  spawnError: Error | undefined,
  code: number | null,
  signal: string | null,
  stderrTail: string,
): string {
  const how = spawnError
    ? `it could not be started: ${spawnError.message}`
    : code !== null
      ? `exit code ${code}`
      : `killed by ${signal ?? 'an unknown signal'}`;
  const output = stderrTail.trim()
    ? `The end of its error output:\n${stderrTail.trimEnd()}`
    : 'It printed no error output.';
  return (
    `The harness crashed (${how}) before it gave a verdict. This is a fault in the course's ` +
    `runtime, not in your code: run it again, and if it happens again, report it with this ` +
    `message.\n${output}`
  );
}

function isDoneEvent(line: string): boolean {
  // Most lines are frames and output: parse only the few that can be a `done`.
  if (!line.includes('"done"')) return false;
  try {
    return (JSON.parse(line) as { type?: unknown }).type === 'done';
  } catch {
    return false;
  }
}

/** The last `max` characters of a stream, marked when the start was cut off. */
class Tail {
  #text = '';
  #cut = false;
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  push(chunk: string): void {
    this.#text += chunk;
    if (this.#text.length > this.max) {
      this.#text = this.#text.slice(-this.max);
      this.#cut = true;
    }
  }

  text(): string {
    return this.#cut ? '…' + this.#text : this.#text;
  }
}
