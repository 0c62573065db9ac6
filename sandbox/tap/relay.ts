// The stdio tap: a transparent relay that a client spawns in place of the server. It starts
// the real server, passes every byte through unchanged in both directions, and appends what
// it saw to a record file that the harness reads. Recording is off the data path, so the
// peers see the same bytes and timing they would see without the tap.
//
// In a check run the harness adds --split-seed N: the server's stdout then reaches the client
// cut inside every line and with lines run together (split-delivery.ts), as a real pipe is
// free to deliver it; the record still holds the bytes as the server wrote them.
//
// Usage: node relay-main.ts --record <file> [--max-bytes N] [--split-seed N] -- <command> [args...]
// `npm run tap` runs the same relay in its own process and reads each record as it is made.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { TapRecord } from './record-file.ts';
import { splitToParent } from './split-delivery.ts';

export interface RelayHooks {
  /** Called with every record, right after it is appended to the file. */
  onRecord?: (record: TapRecord) => void;
  /**
   * `npm run tap`, where no harness ends the server's process group: once the host has gone
   * (it closed the tap's stdin or stdout, or the process that started the tap died) or the
   * tap is told to stop, the server gets this long to exit, then SIGTERM, then as long again
   * before SIGKILL. The harness's relay leaves that to the client and the harness.
   */
  endServerAfterMs?: number;
}

/** How often `npm run tap` looks whether the process that started it is still there. */
const PARENT_POLL_MS = 500;

export function runRelay(argv: string[], hooks: RelayHooks = {}): void {
  const { recordPath, maxBytes, splitSeed, target } = parseTapArgs(argv, hooks);
  const { record, close } = openRecorder(recordPath, maxBytes, hooks);

  const child = spawn(target[0], target.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  record({ k: 'start', command: target });

  child.on('error', (err) => {
    record({ k: 'spawn-error', message: err.message });
    close();
    process.exit(127);
  });

  process.stdin.on('data', (chunk: Buffer) => {
    record({ k: 'c2s', b: chunk.toString('base64') });
    child.stdin.write(chunk);
  });
  process.stdin.on('end', () => {
    record({ k: 'c2s-end' });
    child.stdin.end();
  });
  // The server may exit before reading everything; that is its business, not a relay error.
  child.stdin.on('error', () => {});
  process.stdout.on('error', () => {});

  const toClient = (piece: Buffer): void => void process.stdout.write(piece);
  const split = splitToParent(splitSeed, toClient);
  child.stdout.on('data', (chunk: Buffer) => {
    record({ k: 's2c', b: chunk.toString('base64') });
    if (split) split.push(chunk);
    else toClient(chunk);
  });
  // The server's stderr is recorded but not passed on: the client's own stderr reaches the
  // harness too, and passing it on would report every server log line twice.
  child.stderr.on('data', (chunk: Buffer) => {
    record({ k: 'err', b: chunk.toString('base64') });
  });

  const ending =
    hooks.endServerAfterMs === undefined
      ? undefined
      : new ServerEnding(child, hooks.endServerAfterMs);
  if (ending) {
    process.stdin.on('end', () => ending.hostGone());
    process.stdout.on('error', () => ending.hostGone());
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) ending.hostGone();
    }, PARENT_POLL_MS);
    watch.unref();
  }
  // A client shutting the server down signals the relay; pass it on so the server decides.
  for (const sig of ['SIGTERM', 'SIGINT', ...(ending ? (['SIGHUP'] as const) : [])] as const) {
    process.on(sig, () => {
      child.kill(sig);
      ending?.signalled();
    });
  }

  child.on('close', (code, signal) => {
    ending?.over();
    record({ k: 'exit', code, signal });
    close();
    process.stdin.destroy();
    // Pieces still queued are the server's last words: the client gets them before the end.
    void (split?.drained() ?? Promise.resolve()).then(() =>
      process.stdout.write('', () => process.exit(code ?? 1)),
    );
  });
}

/** How `npm run tap` ends a server that outlives its host (RelayHooks.endServerAfterMs). */
class ServerEnding {
  readonly #child: ChildProcess;
  readonly #afterMs: number;
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #killing = false;

  constructor(child: ChildProcess, afterMs: number) {
    this.#child = child;
    this.#afterMs = afterMs;
  }

  /** The host closed its side: the server may still exit on its own, as it should on EOF. */
  hostGone(): void {
    if (this.#started) return;
    this.#started = true;
    this.#timer = setTimeout(() => {
      this.#child.kill('SIGTERM');
      this.signalled();
    }, this.#afterMs);
  }

  /** The server was sent a signal to stop: SIGKILL if that is not enough. */
  signalled(): void {
    if (this.#killing) return;
    this.#started = true;
    this.#killing = true;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#child.kill('SIGKILL'), this.#afterMs);
  }

  over(): void {
    clearTimeout(this.#timer);
  }
}

export interface TapArgs {
  recordPath: string | undefined;
  maxBytes: number;
  splitSeed: number | undefined;
  /** The server's command line, after `--`. */
  target: string[];
}

/** The relay's command line (also the in-process tap's); a mistake exits 2 with the usage. */
export function parseTapArgs(argv: string[], hooks: RelayHooks = {}): TapArgs {
  const sep = argv.indexOf('--');
  const own = sep === -1 ? argv : argv.slice(0, sep);
  const target = sep === -1 ? [] : argv.slice(sep + 1);
  const recordPath = valueOf(own, '--record');
  const maxBytes = Number(valueOf(own, '--max-bytes') ?? 8 * 1024 * 1024);
  const splitSeed = valueOf(own, '--split-seed');
  const hasSink = recordPath !== undefined || hooks.onRecord !== undefined;
  if (!hasSink || target.length === 0 || (splitSeed !== undefined && !/^\d+$/.test(splitSeed))) {
    process.stderr.write(
      'usage: relay --record <file> [--max-bytes N] [--split-seed N] -- <command> [args...]\n',
    );
    process.exit(2);
  }
  return {
    recordPath,
    maxBytes,
    splitSeed: splitSeed === undefined ? undefined : Number(splitSeed),
    target,
  };
}

export interface Recorder {
  /** Appends one record, stamped with this process's pid and the time, unless over the limit. */
  record(r: Omit<TapRecord, 'relay' | 't'>): void;
  /** Closes the record file; safe to call again. */
  close(): void;
}

/** The record file (or only the hook, for `npm run tap`), with the byte limit on the wire's bytes. */
export function openRecorder(
  recordPath: string | undefined,
  maxBytes: number,
  hooks: RelayHooks = {},
  /** Whose records these are: the relay's pid, or the harness's count of servers it docked. */
  relay: number = process.pid,
): Recorder {
  let fd = recordPath === undefined ? null : openSync(recordPath, 'a');
  let recorded = 0;
  let limited = false;
  const append = (r: TapRecord): void => {
    if (fd !== null) writeSync(fd, JSON.stringify(r) + '\n');
    hooks.onRecord?.(r);
  };
  return {
    // Synchronous appends keep records in the order the bytes were seen.
    record(r) {
      if (limited) return;
      // The limit is in bytes of the wire, not in characters of their base64 record.
      const size = r.b ? Buffer.byteLength(r.b, 'base64') : 0;
      if (recorded + size > maxBytes) {
        limited = true;
        append({ relay, t: now(), k: 'limit' });
        return;
      }
      recorded += size;
      append({ relay, t: now(), ...r });
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

function valueOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

function now(): number {
  return performance.timeOrigin + performance.now();
}
