// The scripted stdio sessions: the real Paper Trail with the same stdio tap a check gives it
// (tap-command.ts), so a lesson's frames are recorded exactly as a learner's are.
// The script writes raw lines into the tap and watches what comes back only to know when a
// reply has arrived; the frames themselves come from the tap's record.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paperTrailCommand } from '../paper-trail/index.ts';
import { parseRecordFile } from '../tap/record-file.ts';
import { TapRecordReader } from '../tap/record-reader.ts';
import { Framer } from '../wire/framer.ts';
import { TextLineSplitter } from '../wire/lines.ts';
import { readFrame, type FrameReading } from '../wire/read.ts';
import { normaliseCapture } from './normalise.ts';
import { tapped } from './tap-command.ts';
import type { CaptureResult } from './types.ts';

const REPLY_TIMEOUT_MS = 15_000;

/** A live stdio session with Paper Trail, tapped. */
export interface StdioSession {
  /** Writes one line (a notification or a stray line) without waiting for anything. */
  send(line: string): void;
  /** Writes one request and waits for its reply, which it returns as read. */
  request(line: string): Promise<FrameReading>;
  /**
   * Writes several requests in a single write, so they reach the server in one read and are
   * in flight together, then waits for every reply (in whatever order they come).
   */
  together(lines: string[]): Promise<void>;
  /**
   * Waits for the next server notification with this method (and, if given, this
   * `params.uri`) after the last one waited for; earlier or other notifications are passed by.
   */
  notification(method: string, uri?: string): Promise<void>;
  /** Waits for the next request the server sends with this method (elicitation/create). */
  serverRequest(method: string): Promise<FrameReading>;
  /** Waits for the reply to a request sent earlier with `send` (one a server request held up). */
  reply(id: unknown): Promise<FrameReading>;
}

/** What a line of the session is, read as every frame is read (for waiting, not recording). */
function readLine(dir: 'c2s' | 's2c', text: string) {
  return readFrame({ seq: 0, t: 0, dir, transport: 'stdio', text });
}

/**
 * Runs `steps` against Paper Trail started with `serverArgs` (e.g. --logging), tapped;
 * `commandFor` starts another build instead (Paper Trail v2, lesson 11).
 */
export async function runStdioSession(
  steps: (session: StdioSession) => Promise<void>,
  serverArgs: string[] = [],
  commandFor: (args: string[]) => { command: string; args: string[] } = paperTrailCommand,
) {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-'));
  const recordFile = join(folder, 'tap.ndjson');
  const server = commandFor(serverArgs);
  const child = spawn(process.execPath, tapped(recordFile, server.command, server.args), {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // What came back, read only to know when to go on; the record keeps the frames.
  const arrived: FrameReading[] = [];
  const replies = new Map<unknown, FrameReading>();
  let passed = 0; // notifications before this index were already waited for or passed by
  let passedRequests = 0; // the same for requests from the server
  let waiter: (() => void) | undefined;

  const lines = new TextLineSplitter();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    for (const line of lines.push(chunk)) {
      const reading = readLine('s2c', line);
      arrived.push(reading);
      if (reading.kind === 'response') replies.set(reading.id, reading);
    }
    waiter?.();
  });

  const until = async <T>(find: () => T | undefined, what: () => string): Promise<T> => {
    const deadline = Date.now() + REPLY_TIMEOUT_MS;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`stdio: no ${what()}`);
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  const idOf = (line: string) => readLine('c2s', line).id;
  const waitFor = (ids: unknown[]) =>
    until(
      () => (ids.every((id) => replies.has(id)) ? ids.map((id) => replies.get(id)!) : undefined),
      () =>
        `reply to id ${ids
          .filter((id) => !replies.has(id))
          .map(String)
          .join(', ')}`,
    );
  const session: StdioSession = {
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    // Waiting for each reply before the next request keeps the frame order deterministic.
    async request(line) {
      session.send(line);
      const [reply] = await waitFor([idOf(line)]);
      return reply!;
    },
    async together(requests) {
      child.stdin.write(requests.map((line) => `${line}\n`).join(''));
      await waitFor(requests.map(idOf));
    },
    async notification(method, uri) {
      await until(
        () => {
          for (let i = passed; i < arrived.length; i++) {
            const r = arrived[i]!;
            if (r.kind !== 'notification' || r.method !== method) continue;
            const params = r.message && 'params' in r.message ? r.message.params : undefined;
            if (uri !== undefined && params?.uri !== uri) continue;
            passed = i + 1;
            return true;
          }
          return undefined;
        },
        () => `${method} ${uri ?? ''}`.trim(),
      );
    },
    serverRequest(method) {
      return until(
        () => {
          for (let i = passedRequests; i < arrived.length; i++) {
            const r = arrived[i]!;
            if (r.kind !== 'request' || r.method !== method) continue;
            passedRequests = i + 1;
            return r;
          }
          return undefined;
        },
        () => `${method} request from the server`,
      );
    },
    async reply(id) {
      const [reply] = await waitFor([id]);
      return reply!;
    },
  };

  try {
    await steps(session);
  } finally {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  try {
    return readTapRecord(recordFile);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The frames (normalised) and the server's stderr that a stdio tap recorded into `file`. */
export function readTapRecord(file: string): CaptureResult & { stderr: string } {
  let stderr = '';
  const reader = new TapRecordReader(0, new Framer(), { onStderr: (text) => (stderr += text) });
  for (const record of parseRecordFile(readFileSync(file))) reader.read(record);
  reader.framer.endAll();
  return { frames: normaliseCapture(reader.framer.frames), stderr };
}
