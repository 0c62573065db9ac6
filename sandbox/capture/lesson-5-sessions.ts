// Lesson 5's sessions (resources and prompts): scripted raw lines into Paper Trail through the
// same stdio tap the exercises use, mostly with --live (the template, pages, subscriptions,
// completions). A subscription session also waits for the server's own notifications, so the
// runner here can wait for a notification as well as for a reply.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paperTrailCommand } from '../paper-trail/index.ts';
import { parseRecordFile } from '../tap/record-file.ts';
import { TapRecordReader } from '../tap/record-reader.ts';
import { Framer } from '../wire/framer.ts';
import { TextLineSplitter } from '../wire/lines.ts';
import { readFrame } from '../wire/read.ts';
import type { FrameReading } from '../wire/read.ts';
import { normaliseCapture } from './normalise.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

const WAIT_MS = 15_000;
const RELAY = fileURLToPath(new URL('../tap/relay-main.ts', import.meta.url));

const frame = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value });
const request = (id: number, method: string, params?: object) =>
  frame({ id, method, ...(params === undefined ? {} : { params }) });

export interface Session {
  send(line: string): void;
  /** Sends a request and waits for its reply. */
  request(line: string): Promise<FrameReading>;
  /** Waits for the next server notification with this method and (if given) params.uri. */
  notification(method: string, uri?: string): Promise<void>;
}

export async function runSession(
  extraArgs: string[],
  steps: (session: Session) => Promise<void>,
): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-l5-'));
  const recordFile = join(folder, 'tap.ndjson');
  const server = paperTrailCommand(extraArgs);
  const child = spawn(
    process.execPath,
    [RELAY, '--record', recordFile, '--', server.command, ...server.args],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const arrived: FrameReading[] = [];
  let taken = 0; // notifications already handed to a waiter
  let wake: (() => void) | undefined;
  const lines = new TextLineSplitter();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    for (const line of lines.push(chunk)) {
      arrived.push(readFrame({ seq: 0, t: 0, dir: 's2c', transport: 'stdio', text: line }));
    }
    wake?.();
  });
  const until = async <T>(find: () => T | undefined, what: string): Promise<T> => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`lesson 5 capture: no ${what}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  const session: Session = {
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    async request(line) {
      const id = readFrame({ seq: 0, t: 0, dir: 'c2s', transport: 'stdio', text: line }).id;
      session.send(line);
      return until(
        () => arrived.find((r) => r.kind === 'response' && r.id === id),
        `reply to id ${String(id)}`,
      );
    },
    async notification(method, uri) {
      await until(
        () => {
          for (let i = taken; i < arrived.length; i++) {
            const r = arrived[i]!;
            if (r.kind !== 'notification' || r.method !== method) continue;
            const params = r.message && 'params' in r.message ? r.message.params : undefined;
            if (uri !== undefined && params?.uri !== uri) continue;
            taken = i + 1;
            return true;
          }
          return undefined;
        },
        `${method} ${uri ?? ''}`,
      );
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
    const reader = new TapRecordReader(0, new Framer(), { onStderr: () => {} });
    for (const record of parseRecordFile(readFileSync(recordFile))) reader.read(record);
    reader.framer.endAll();
    return { frames: normaliseCapture(reader.framer.frames) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function hello(session: Session): Promise<void> {
  await session.request(script.initialize);
  session.send(script.initialized);
}

/** The newest order in the lesson's (unseeded) catalog, and the order updated unasked. */
const LIVE = 'orders://PT-1063';
const OTHER = 'orders://PT-1058';

/** Paper Trail without --live: one fixed resource per order, and the SDK's own "not found". */
export function captureResourcesFixed(): Promise<CaptureResult> {
  return runSession([], async (session) => {
    await hello(session);
    await session.request(request(2, 'resources/list'));
    await session.request(request(3, 'resources/read', { uri: 'orders://PT-9999' }));
    // McpServer does not page: a cursor it never handed out is ignored, not refused.
    await session.request(request(4, 'resources/list', { cursor: 'page-2' }));
    // Without --live there is no subscribe capability, and no handler behind the method.
    await session.request(request(5, 'resources/subscribe', { uri: 'orders://PT-1041' }));
  });
}

/** With --live: pages, templates, a text and a blob read, and both kinds of "not found". */
export function captureResourcesLive(): Promise<CaptureResult> {
  return runSession(['--live'], async (session) => {
    await hello(session);
    const first = await session.request(request(2, 'resources/list'));
    const result = first.message?.kind === 'result' ? first.message.result : {};
    await session.request(request(3, 'resources/list', { cursor: result.nextCursor }));
    await session.request(request(4, 'resources/templates/list'));
    await session.request(request(5, 'resources/read', { uri: 'orders://PT-1041' }));
    await session.request(request(6, 'resources/read', { uri: 'orders://PT-1041/label' }));
    await session.request(request(7, 'resources/read', { uri: 'orders://PT-9999' }));
    await session.request(request(8, 'resources/read', { uri: 'order://PT-1041' }));
    await session.request(request(9, 'resources/list', { cursor: 'page-2' }));
  });
}

/** A subscription to the newest order, followed to "delivered", as the exercise asks. */
export function captureSubscription(): Promise<CaptureResult> {
  return runSession(['--live'], async (session) => {
    await hello(session);
    await session.request(request(2, 'resources/subscribe', { uri: LIVE }));
    await session.request(request(3, 'resources/read', { uri: LIVE }));
    await session.notification('notifications/resources/updated', LIVE);
    await session.request(request(4, 'resources/read', { uri: LIVE }));
    // The update for another order is left alone; the next one for ours is read.
    await session.notification('notifications/resources/updated', OTHER);
    await session.notification('notifications/resources/updated', LIVE);
    await session.request(request(5, 'resources/read', { uri: LIVE }));
    await session.request(request(6, 'resources/unsubscribe', { uri: LIVE }));
  });
}

/** Prompts and completions with --live. */
export function capturePrompts(): Promise<CaptureResult> {
  return runSession(['--live'], async (session) => {
    await hello(session);
    await session.request(request(2, 'prompts/list'));
    await session.request(
      request(3, 'prompts/get', {
        name: 'draft_customer_reply',
        arguments: { order_id: 'PT-1041' },
      }),
    );
    await session.request(
      request(4, 'prompts/get', { name: 'track_order', arguments: { order_id: 'PT-1041' } }),
    );
    await session.request(
      request(5, 'completion/complete', {
        ref: { type: 'ref/resource', uri: 'orders://{order_id}' },
        argument: { name: 'order_id', value: 'PT-10' },
      }),
    );
    await session.request(
      request(6, 'completion/complete', {
        ref: { type: 'ref/prompt', name: 'draft_customer_reply' },
        argument: { name: 'order_id', value: 'PT-104' },
      }),
    );
  });
}
