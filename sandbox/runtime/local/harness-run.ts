// One run of the harness program behind the local runtime endpoint: its NDJSON events go to
// the HTTP answer unchanged, and the answer always ends with a `done` event. A harness that
// dies before its own `done` (a bug, a crash, a kill) gets one written for it that says so
// and shows the end of its error output, instead of a stream that just stops.
import { spawn } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { compileCacheEnv } from '../../harness/compile-cache.ts';
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

export function startHarnessRun(command: string, args: string[], res: ServerResponse): HarnessRun {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // With the cache from its first line: Node strips and compiles the harness's own entry
    // file before the harness can turn the cache on itself (about 0.1 s of every run).
    env: { ...process.env, ...compileCacheEnv(process.env) },
  });
  let sawDone = false;
  let stoppedBecause: string | undefined;
  let spawnError: Error | undefined;
  let killTimer: NodeJS.Timeout | undefined;

  const write = (text: string) => {
    if (!res.writableEnded && !res.destroyed) res.write(text);
  };
  const lines = new TextLineSplitter();
  const pass = (line: string | null) => {
    if (line === null || line.trim() === '') return;
    if (isDoneEvent(line)) sawDone = true;
    write(line + '\n');
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

  const finished = exited.then(({ code, signal }) => {
    clearTimeout(killTimer);
    pass(lines.end());
    if (!sawDone) {
      const summary = stoppedBecause
        ? `The run was stopped: ${stoppedBecause}.`
        : crashSummary(spawnError, code, signal, stderr.text());
      write(JSON.stringify({ type: 'done', verdict: 'error', summary }) + '\n');
    }
    res.end();
  });

  return {
    finished,
    stop(reason) {
      if (child.exitCode !== null || child.signalCode !== null || stoppedBecause) return;
      stoppedBecause = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    },
  };
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
