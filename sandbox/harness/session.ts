// One session: start the program with its tapped peer, stream what happens as events,
// enforce the limits, and hand back the record the checks judge.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paperTrailCommand } from '../paper-trail/index.ts';
import type { ProcessRecord, RunRecord, Verdict } from '../contract/check.ts';
import type { Exercise } from '../exercises/loader.ts';
import { parseRecords } from '../tap/record-file.ts';
import type { HarnessEvent } from '../contract/events.ts';
import { Framer } from '../wire/framer.ts';
import { groupAlive } from './procs.ts';
import { startHttpPeer } from './http-peer.ts';
import type { HttpPeer } from './http-peer.ts';

/** The limits and commands of one session (a subset of RunOptions, documented there). */
export interface SessionOptions {
  timeoutMs?: number;
  maxOutputBytes?: number;
  maxFrameBytes?: number;
  relay?: string[];
  paperTrail?: { command: string; args: string[] };
}

const DEFAULT_RELAY = [
  process.execPath,
  fileURLToPath(new URL('../tap/relay-main.ts', import.meta.url)),
];
const POLL_MS = 15;
/** How long a peer may take to exit after the program has, before it is killed. */
const PEER_GRACE_MS = 1000;

class Capped {
  text = '';
  bytes = 0;
  private decoder = new StringDecoder('utf8');
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  /** Returns the decoded text to report, or null once the cap is passed. */
  push(chunk: Buffer): string | null {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return null;
    const s = this.decoder.write(chunk);
    this.text += s;
    return s;
  }
}

export async function execute(
  exercise: Exercise,
  work: string,
  options: SessionOptions,
  emit: (e: HarnessEvent) => void,
): Promise<RunRecord> {
  const run = exercise.meta.run;
  const timeoutMs = options.timeoutMs ?? run.timeoutMs;
  const maxOut = options.maxOutputBytes ?? 1024 * 1024;
  const maxFrames = options.maxFrameBytes ?? 8 * 1024 * 1024;
  const programSource = run.learner === 'program' ? 'learner' : 'peer';
  const peerSource = run.learner === 'program' ? 'peer' : 'learner';

  mkdirSync(join(work, '.harness'), { recursive: true });
  const recordFile = join(work, '.harness', 'tap.ndjson');
  closeSync(openSync(recordFile, 'w'));
  const t0 = performance.timeOrigin + performance.now();
  const framer = new Framer((f) => emit({ type: 'frame', ...f }));
  const program: ProcessRecord = { stdout: '', stderr: '', exit: null };
  const peerRec: ProcessRecord = { stdout: '', stderr: '', exit: null };
  let stdinClosed = false;
  const relays = new Set<number>();
  const exited = new Set<number>();
  const peerErr = new Map<number, StringDecoder>();
  let peerErrBytes = 0;
  let verdict: Verdict | null = null;

  let httpPeer: HttpPeer | null = null;
  let httpBytes = 0;
  // Set once the program runs; until then there is nothing to stop.
  let onFrameLimit = (): void => {};
  let args: string[];
  if (run.peer.kind === 'paper-trail-http') {
    httpPeer = await startHttpPeer(
      options.paperTrail ?? paperTrailCommand(),
      ({ at, ...frame }) => {
        httpBytes += Buffer.byteLength(frame.text);
        if (httpBytes > maxFrames) return onFrameLimit();
        framer.add({ ...frame, t: at - t0 });
      },
      (text) => {
        peerRec.stderr += text;
        emit({ type: 'stderr', source: peerSource, text });
      },
      timeoutMs,
    );
    const url = httpPeer.url;
    args = run.args.map((a) => (a === '{peer}' ? url : a));
  } else {
    const peer =
      run.peer.kind === 'paper-trail'
        ? (options.paperTrail ?? paperTrailCommand())
        : { command: process.execPath, args: [join(work, run.peer.file)] };
    const tapped = [
      ...(options.relay ?? DEFAULT_RELAY),
      '--record',
      recordFile,
      '--max-bytes',
      String(maxFrames),
      '--',
      peer.command,
      ...peer.args,
    ];
    args = run.args.flatMap((a) => (a === '{peer}' ? tapped : [a]));
  }

  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [join(work, run.program), ...args], {
      cwd: work,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const killTree = (): void => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    // If the harness itself dies, the learner's processes must not outlive it.
    process.on('exit', killTree);

    const stop = (why: Verdict): void => {
      if (verdict === null) verdict = why;
      killTree();
    };
    onFrameLimit = () => stop('output-limit');

    let offset = 0;
    const fd = openSync(recordFile, 'r');
    let pending = Buffer.alloc(0);
    let fdOpen = true;
    const drain = (): void => {
      if (!fdOpen) return;
      const buf = Buffer.alloc(64 * 1024);
      for (;;) {
        const n = readSync(fd, buf, 0, buf.length, offset);
        if (n <= 0) break;
        offset += n;
        pending = Buffer.concat([pending, buf.subarray(0, n)]);
      }
      const { records, consumed } = parseRecords(pending);
      pending = pending.subarray(consumed);
      for (const r of records) {
        const t = r.t - t0;
        switch (r.k) {
          case 'start':
            relays.add(r.relay);
            break;
          case 'c2s':
          case 's2c':
            framer.push(`${r.relay}:${r.k}`, r.k, Buffer.from(r.b ?? '', 'base64'), t);
            break;
          case 'c2s-end':
            stdinClosed = true;
            framer.end(`${r.relay}:c2s`);
            break;
          case 'err': {
            const chunk = Buffer.from(r.b ?? '', 'base64');
            peerErrBytes += chunk.length;
            if (peerErrBytes > maxOut) {
              stop('output-limit');
              break;
            }
            let dec = peerErr.get(r.relay);
            if (!dec) peerErr.set(r.relay, (dec = new StringDecoder('utf8')));
            const text = dec.write(chunk);
            peerRec.stderr += text;
            if (text) emit({ type: 'stderr', source: peerSource, text });
            break;
          }
          case 'spawn-error':
            peerRec.stderr += `could not start the server: ${r.message}\n`;
            emit({
              type: 'stderr',
              source: peerSource,
              text: `could not start the server: ${r.message}\n`,
            });
            break;
          case 'exit':
            exited.add(r.relay);
            framer.end(`${r.relay}:s2c`);
            framer.end(`${r.relay}:c2s`);
            peerRec.exit = { code: r.code ?? null, signal: r.signal ?? null };
            emit({
              type: 'exit',
              source: peerSource,
              code: r.code ?? null,
              signal: r.signal ?? null,
            });
            break;
          case 'limit':
            stop('output-limit');
            break;
        }
      }
    };
    const poll = setInterval(drain, POLL_MS);

    const out = new Capped(maxOut);
    const err = new Capped(maxOut);
    // The relay records bytes before passing them on, so reading the record first puts every
    // frame the program could have reacted to ahead of what it printed.
    child.stdout.on('data', (chunk: Buffer) => {
      drain();
      const s = out.push(chunk);
      if (s === null) return stop('output-limit');
      if (s) emit({ type: 'stdout', source: programSource, text: s });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      drain();
      const s = err.push(chunk);
      if (s === null) return stop('output-limit');
      if (s) emit({ type: 'stderr', source: programSource, text: s });
    });

    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearInterval(poll);
      killTree();
      groupGone().then(stopHttpPeer).then(settle, settle);
    };
    const stopHttpPeer = async (): Promise<void> => {
      if (!httpPeer) return;
      const exit = await httpPeer.stop();
      peerRec.exit = exit;
      emit({ type: 'exit', source: peerSource, ...exit });
    };
    // SIGKILL lands asynchronously: wait until no member of the group is left, so that
    // "the run is over" also means "nothing of it is still running".
    const groupGone = async (): Promise<void> => {
      for (let i = 0; i < 100 && child.pid && groupAlive(child.pid); i++) {
        await new Promise((r) => setTimeout(r, 10));
        killTree();
      }
    };
    const settle = (): void => {
      process.off('exit', killTree);
      drain();
      framer.endAll();
      fdOpen = false;
      closeSync(fd);
      program.stdout = out.text;
      program.stderr = err.text;
      resolvePromise({
        exercise: exercise.id,
        learner: run.learner,
        frames: framer.frames,
        unterminated: framer.unterminated,
        stdinClosed,
        peerStarted: relays.size > 0 || httpPeer !== null,
        program,
        peer: peerRec,
        verdict: verdict ?? 'completed',
        timeoutMs,
        durationMs: Math.round(performance.now() - (t0 - performance.timeOrigin)),
      });
    };

    let childClosed = false;
    child.on('close', () => (childClosed = true));
    child.on('error', (e) => {
      emit({ type: 'stderr', source: programSource, text: `could not start: ${e.message}\n` });
      stop('error');
      finish();
    });
    child.on('exit', (code, signal) => {
      program.exit = { code, signal };
      emit({ type: 'exit', source: programSource, code, signal });
      if (verdict === null && (code !== 0 || signal !== null)) verdict = 'crashed';
      // Give the peer a moment to finish on its own (the client closed its stdin), then
      // end everything that is left of the process group.
      const deadline = performance.now() + PEER_GRACE_MS;
      const waitPeer = (): void => {
        drain();
        const allDone = [...relays].every((r) => exited.has(r));
        if (allDone || performance.now() > deadline || verdict === 'timeout') {
          killTree();
          // Let the pipes deliver their last bytes.
          if (childClosed) finish();
          else {
            child.once('close', finish);
            setTimeout(finish, 200);
          }
          return;
        }
        setTimeout(waitPeer, POLL_MS);
      };
      waitPeer();
    });
  });
}
