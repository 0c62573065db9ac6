// Lesson 6's sessions (notifications): progress, cancellation, logging and list_changed,
// scripted as raw lines into Paper Trail through the stdio tap with runStdioSession (it can
// wait for a server notification as well as for a reply). Where a session cancels
// after the second progress step, Paper Trail pauses --scan-ms between scans: long enough
// that the cancel always lands before the third scan, so the capture is the same every time.
// The timeouts session is the SDK's Client instead, since the timeouts are its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { HOST_INFO } from '../../sandbox/capture/clients.ts';
import {
  readTapRecord,
  runStdioSession,
  type StdioSession,
} from '../../sandbox/capture/stdio-session.ts';
import { tapped as tapCommand } from '../../sandbox/capture/tap-command.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const { frame, request } = script;

/** A tapped session; the server's stderr says nothing this lesson shows, so none is kept. */
const tapped = (
  steps: (session: StdioSession) => Promise<void>,
  extraArgs: string[],
): Promise<CaptureResult> => runStdioSession(steps, extraArgs).then(({ frames }) => ({ frames }));

const track = (id: number, progressToken?: string | number) =>
  request(id, 'tools/call', {
    name: 'track_shipment',
    arguments: { order_id: 'PT-1041' },
    ...(progressToken === undefined ? {} : { _meta: { progressToken } }),
  });
const cancelled = (requestId: number, reason: string) =>
  frame({ method: 'notifications/cancelled', params: { requestId, reason } });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function hello(session: StdioSession): Promise<void> {
  await session.request(script.initialize);
  session.send(script.initialized);
}

/** Progress and log lines on one stream: --logging, setLevel info, a tracked shipment. */
export function captureProgress(): Promise<CaptureResult> {
  return tapped(
    async (session) => {
      await hello(session);
      await session.request(request(2, 'logging/setLevel', { level: 'info' }));
      await session.request(track(3, 'track-PT-1041'));
      // The same call without a token: the scans are logged, no progress is sent.
      await session.request(track(4));
    },
    ['--logging'],
  );
}

/**
 * A cancel after the second progress step: no third step, no reply, the server carries on
 * (the ping). Then a cancel for a request already answered, which the server ignores.
 */
export function captureCancel(): Promise<CaptureResult> {
  return tapped(
    async (session) => {
      await hello(session);
      await session.request(request(2, 'logging/setLevel', { level: 'notice' }));
      session.send(track(3, 17));
      await session.notification('notifications/progress');
      await session.notification('notifications/progress');
      session.send(cancelled(3, 'the user pressed stop'));
      await session.notification('notifications/message');
      // Longer than two scans: had the call gone on, its next step would be here by now.
      await sleep(800);
      await session.request(request(4, 'ping'));
      await session.request(script.orderStatus(5, 'PT-1041'));
      session.send(cancelled(5, 'too late: already answered'));
      await session.request(request(6, 'ping'));
    },
    ['--scan-ms', '300', '--logging'],
  );
}

/** SDK 1.32.2 skips a cancel whose requestId is 0 (a falsy test): the call runs to its end. */
export function captureCancelZero(): Promise<CaptureResult> {
  return tapped(
    async (session) => {
      await hello(session);
      session.send(track(0, 'zero'));
      await session.notification('notifications/progress');
      await session.notification('notifications/progress');
      session.send(cancelled(0, 'the user pressed stop'));
      await session.request(request(2, 'ping'));
      await session.notification('notifications/progress');
      await session.request(request(3, 'ping'));
      // The reply to id 0 that should never have come; wait for it by a request after it.
      await sleep(700);
      await session.request(request(4, 'ping'));
    },
    ['--scan-ms', '300'],
  );
}

/** --maintenance: a tool goes away and comes back, each time with tools/list_changed. */
export function captureListChanged(): Promise<CaptureResult> {
  return tapped(
    async (session) => {
      await hello(session);
      const maintenance = (id: number, on: boolean) =>
        request(id, 'tools/call', { name: 'set_maintenance', arguments: { on } });
      await session.request(maintenance(2, true));
      await session.request(request(3, 'tools/list'));
      await session.request(track(4));
      await session.request(maintenance(5, false));
      await session.request(request(6, 'tools/list'));
    },
    ['--maintenance'],
  );
}

/**
 * Timeouts as SDK 1.32.2's Client keeps them, against Paper Trail --logging --scan-ms 600
 * (each scan comes 600 ms after the last, the first 600 ms after the call). A call with a
 * 100 ms timeout: the Client cancels it itself, and the server's notice says it stopped. A
 * call whose 900 ms timeout each progress step resets: it lives 2.4 s and ends in its result.
 * The same call capped with maxTotalTimeout 900: the second step (1.2 s) finds the cap passed
 * and the call rejects; the timer the first step set runs on and sends the cancel at 1.5 s,
 * before the third scan (1.8 s). Every margin is 300 ms, so the frames do not depend on load.
 */
export async function captureTimeouts(): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-l6-'));
  const record = join(folder, 'tap.ndjson');
  try {
    const client = new Client(HOST_INFO);
    let notice: () => void = () => undefined;
    const nextNotice = () => new Promise<void>((resolve) => (notice = resolve));
    client.setNotificationHandler(LoggingMessageNotificationSchema, () => notice());
    const server = paperTrailCommand(['--logging', '--scan-ms', '600']);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: tapCommand(record, server.command, server.args),
      }),
    );
    const call = { name: 'track_shipment', arguments: { order_id: 'PT-1041' } };
    const onprogress = () => undefined;
    const refused = (what: string, stopped: Promise<void>) =>
      [() => Promise.reject(new Error(`timeouts: ${what} was answered`)), () => stopped] as const;
    try {
      await client.setLoggingLevel('notice');
      await client
        .callTool(call, undefined, { timeout: 100 })
        .then(...refused('the 100 ms call', nextNotice()));
      await client.callTool(call, undefined, {
        timeout: 900,
        resetTimeoutOnProgress: true,
        onprogress,
      });
      await client
        .callTool(call, undefined, {
          timeout: 900,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: 900,
          onprogress,
        })
        .then(...refused('the capped call', nextNotice()));
    } finally {
      await client.close();
    }
    return { frames: readTapRecord(record).frames };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'notifications-progress': captureProgress,
  'notifications-cancel': captureCancel,
  'notifications-cancel-zero': captureCancelZero,
  'notifications-list-changed': captureListChanged,
  'notifications-timeouts': captureTimeouts,
});
