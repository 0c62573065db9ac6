// Lesson 11's sessions (the 2026-07-28 revision): Paper Trail v2 (sandbox/paper-trail-v2, on
// the v2 SDK packages 2.4.0) behind the same stdio and HTTP taps as every other capture, fed
// raw frames so that each frame the lesson shows is one the script chose. The same order
// lookup and the same cancellation are also captured in 2025-11-25, from the v1 Paper Trail
// and from the v2 server's compatibility path, for the side-by-side comparisons.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { paperTrailV2Command } from '../../sandbox/paper-trail-v2/command.ts';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import { startHttpTap } from '../../sandbox/tap/http-tap.ts';
import { Framer } from '../../sandbox/wire/framer.ts';
import { normaliseCapture } from '../../sandbox/capture/normalise.ts';
import {
  readTapRecord,
  runStdioSession,
  type StdioSession,
} from '../../sandbox/capture/stdio-session.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import { CLIENT_INFO, frame, request } from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

export const MODERN = '2026-07-28';
const CAN_ELICIT = { elicitation: { form: {} } };

/** The per-request envelope that replaces initialize: version, capabilities, who is asking. */
export const envelope = (capabilities: object = CAN_ELICIT, version = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
});

/** A 2026-07-28 request: its params carry `_meta` with the envelope. */
export const modern = (
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  meta: object = envelope(),
) => request(id, method, { ...params, _meta: meta });

const call = (name: string, orderId: string) => ({ name, arguments: { order_id: orderId } });

/** 2025-11-25 opening, with the elicitation capability cancel_order needs. */
const initialize = frame({
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: CAN_ELICIT, clientInfo: CLIENT_INFO },
});
const initialized = frame({ method: 'notifications/initialized' });

const v2Stdio = (flags: string[], steps: (session: StdioSession) => Promise<void>) =>
  runStdioSession(steps, flags, paperTrailV2Command).then(({ frames }) => ({ frames }));

/** The order lookup in 2025-11-25, from the v1 Paper Trail: handshake, then the call. */
export function captureLookup2025(): Promise<CaptureResult> {
  return runStdioSession(async (session) => {
    await session.request(initialize);
    session.send(initialized);
    await session.request(request(2, 'tools/call', call('order_status', 'PT-1041')));
  }).then(({ frames }) => ({ frames }));
}

/** The same lookup in 2026-07-28: server/discover, then calls with _meta on one connection. */
export function captureLookup2026(): Promise<CaptureResult> {
  return v2Stdio([], async (session) => {
    await session.request(modern(1, 'server/discover'));
    await session.request(modern(2, 'tools/call', call('order_status', 'PT-1041')));
    await session.request(
      modern(
        3,
        'tools/call',
        call('track_shipment', 'PT-1041'),
        // progressToken lives in _meta beside the envelope, as it did before.
        { progressToken: 'track-PT-1041', ...envelope() },
      ),
    );
    await session.request(modern(4, 'resources/read', { uri: 'orders://PT-1041' }));
  });
}

/**
 * cancel_order on a 2025-11-25 connection to the v2 server: the handler returns an
 * input-required result and the SDK's compatibility layer turns it into a real
 * elicitation/create request to the client, whose answer completes the call.
 */
export function captureCancel2025(): Promise<CaptureResult> {
  return v2Stdio([], async (session) => {
    await session.request(initialize);
    session.send(initialized);
    session.send(request(2, 'tools/call', call('cancel_order', 'PT-1041')));
    const asked = await session.serverRequest('elicitation/create');
    session.send(frame({ id: asked.id, result: { action: 'accept', content: { confirm: true } } }));
    await session.reply(2);
  });
}

/** The same cancellation in 2026-07-28: input_required, then a retry with inputResponses. */
export function captureCancel2026(): Promise<CaptureResult> {
  return v2Stdio([], async (session) => {
    const first = await session.request(modern(1, 'tools/call', call('cancel_order', 'PT-1041')));
    const result = first.message?.kind === 'result' ? first.message.result : {};
    await session.request(
      modern(2, 'tools/call', {
        ...call('cancel_order', 'PT-1041'),
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: result.requestState,
      }),
    );
  });
}

/**
 * What changed or went away, on one 2026-07-28 connection: ping and logging/setLevel are not
 * methods any more, cancel_order without the elicitation capability is -32021, an unknown
 * order's resource is -32602, and the departures of SDK 2.4.0 (unknown tool as -32602, a
 * later request naming another version answered anyway).
 */
export function captureRemoved2026(): Promise<CaptureResult> {
  return v2Stdio([], async (session) => {
    await session.request(modern(1, 'server/discover'));
    await session.request(modern(2, 'ping'));
    await session.request(modern(3, 'logging/setLevel', { level: 'info' }));
    await session.request(modern(4, 'tools/call', call('cancel_order', 'PT-1041'), envelope({})));
    await session.request(modern(5, 'resources/read', { uri: 'orders://PT-9999' }));
    await session.request(modern(6, 'tools/call', call('refund_order', 'PT-1041')));
    await session.request(request(7, 'tools/list'));
    await session.request(
      modern(8, 'tools/call', call('order_status', 'PT-1041'), envelope(CAN_ELICIT, '2099-01-01')),
    );
  });
}

/**
 * A 2025-11-25 client meets the server started with --legacy reject: initialize is refused
 * with -32022 naming the supported revision, and so is an unknown revision; the connection
 * stays open, and a 2026-07-28 request on it is served.
 */
export function captureReject2025(): Promise<CaptureResult> {
  return v2Stdio(['--legacy', 'reject'], async (session) => {
    await session.request(initialize);
    await session.request(modern(2, 'server/discover', {}, envelope(CAN_ELICIT, '2027-01-01')));
    await session.request(modern(3, 'server/discover'));
  });
}

/**
 * A request without the _meta envelope, after a server/discover: SDK 2.4.0's serveStdio still
 * treats it as the connection's opening message (discover only probes), finds no envelope,
 * discards the probe instance and serves the connection as 2025-11-25, so the lookup is
 * answered without resultType. The -32602 of removed-2026 comes only once a connection is
 * already serving 2026-07-28.
 */
export function captureNoEnvelopeAfterDiscover(): Promise<CaptureResult> {
  return v2Stdio([], async (session) => {
    await session.request(modern(1, 'server/discover'));
    await session.request(request(2, 'tools/call', call('order_status', 'PT-1041')));
  });
}

/** The same opening request to --legacy reject: refused with -32022, as initialize is. */
export function captureNoEnvelopeReject(): Promise<CaptureResult> {
  return v2Stdio(['--legacy', 'reject'], async (session) => {
    await session.request(request(1, 'tools/list'));
  });
}

interface HttpStep {
  method: 'POST' | 'GET';
  body?: string;
  /** The 2026-07-28 routing headers this request sends (none on GET). */
  route?: { method: string; name?: string; version?: string };
}

/** Streamable HTTP to Paper Trail v2 through the recording proxy, one exchange per step. */
async function captureHttpV2(flags: string[], steps: HttpStep[]): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({
    commandFor: paperTrailV2Command,
    jsonResponse: true,
    flags,
  });
  const framer = new Framer();
  const t0 = performance.timeOrigin;
  const tap = await startHttpTap({
    target: server.url,
    onFrame: ({ at, ...f }) => framer.add({ ...f, t: at - t0 }),
  });
  try {
    for (const step of steps) {
      const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
      if (step.body !== undefined) headers['content-type'] = 'application/json';
      if (step.route) {
        headers['mcp-method'] = step.route.method;
        if (step.route.name !== undefined) headers['mcp-name'] = step.route.name;
        headers['mcp-protocol-version'] = step.route.version ?? MODERN;
      }
      const res = await fetch(tap.url, { method: step.method, headers, body: step.body });
      await res.arrayBuffer();
    }
  } finally {
    await tap.close();
    await server.stop();
  }
  return { frames: normaliseCapture(framer.frames) };
}

/**
 * 2026-07-28 over HTTP: every POST names its method (and tool) in headers, no session id is
 * handed out, GET is 405, and a header that disagrees with the body is -32020.
 */
export function captureHttp2026(): Promise<CaptureResult> {
  const lookup = call('order_status', 'PT-1041');
  return captureHttpV2(
    [],
    [
      { method: 'POST', body: modern(1, 'server/discover'), route: { method: 'server/discover' } },
      {
        method: 'POST',
        body: modern(2, 'tools/call', lookup),
        route: { method: 'tools/call', name: 'order_status' },
      },
      { method: 'GET' },
      {
        method: 'POST',
        body: modern(3, 'tools/call', lookup),
        route: { method: 'tools/list' },
      },
      { method: 'POST', body: modern(4, 'tools/call', lookup), route: { method: 'tools/call' } },
      {
        method: 'POST',
        body: modern(5, 'tools/call', call('cancel_order', 'PT-1041'), envelope({})),
        route: { method: 'tools/call', name: 'cancel_order' },
      },
      { method: 'POST', body: modern(6, 'ping'), route: { method: 'ping' } },
      // Every POST is classified afresh, so a version the server does not serve is refused.
      {
        method: 'POST',
        body: modern(7, 'tools/call', lookup, envelope(CAN_ELICIT, '2099-01-01')),
        route: { method: 'tools/call', name: 'order_status', version: '2099-01-01' },
      },
    ],
  );
}

/** A 2025-11-25 initialize POSTed to the server started with --legacy reject: 400 and -32022. */
export function captureHttpReject2025(): Promise<CaptureResult> {
  return captureHttpV2(['--legacy', 'reject'], [{ method: 'POST', body: initialize }]);
}

const NUMBERED_TAP = fileURLToPath(
  new URL('../../sandbox/capture/numbered-tap.ts', import.meta.url),
);
type AutoRun = { probe: CaptureResult; session: CaptureResult };

/**
 * The v2 SDK Client in 'auto' mode over stdio, as an application would use it: connect, one
 * order_status call, close. SDK 2.4.0 sends its server/discover probe to a short-lived
 * sibling process and starts the real one afterwards, so the tap records two processes.
 * Against Paper Trail v2 the probe is answered and the real connection speaks 2026-07-28;
 * against the v1 Paper Trail (SDK 1.32.2) the probe gets -32601 and the real connection opens
 * with initialize, in 2025-11-25.
 */
async function runAuto(server: { command: string; args: string[] }): Promise<AutoRun> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-auto-'));
  try {
    const client = new Client(CLIENT_INFO, {
      capabilities: CAN_ELICIT,
      versionNegotiation: { mode: 'auto' },
    });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [NUMBERED_TAP, folder, '--', server.command, ...server.args],
        stderr: 'ignore',
      }),
    );
    await client.callTool(call('order_status', 'PT-1041'));
    await client.close();
    const frames = (n: number) => ({
      frames: readTapRecord(join(folder, `tap-${n}.ndjson`)).frames,
    });
    return { probe: frames(0), session: frames(1) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Both files of one auto-mode run: the probe's entry starts the run, the session's entry
 * takes its half and forgets it, so a second --check records a fresh one.
 */
function autoPair(server: () => { command: string; args: string[] }) {
  let run: Promise<AutoRun> | undefined;
  return {
    probe: async () => (await (run ??= runAuto(server()))).probe,
    async session(): Promise<CaptureResult> {
      const done = await (run ??= runAuto(server()));
      run = undefined;
      return done.session;
    },
  };
}

const autoV2 = autoPair(() => paperTrailV2Command());
export const captureAutoProbe = autoV2.probe;
export const captureAutoSession = autoV2.session;
const autoV1 = autoPair(() => paperTrailCommand());
export const captureAutoProbeV1 = autoV1.probe;
export const captureAutoSessionV1 = autoV1.session;

/**
 * subscriptions/listen on stdio, the request that replaces the GET stream and
 * resources/subscribe: the server acknowledges it with a notification and keeps it open until
 * the client cancels it; a request after the cancel shows the connection carried on.
 */
export function captureListen2026(): Promise<CaptureResult> {
  return v2Stdio([], async (session) => {
    session.send(
      modern(1, 'subscriptions/listen', {
        notifications: { toolsListChanged: true, resourcesListChanged: true },
      }),
    );
    await session.notification('notifications/subscriptions/acknowledged');
    session.send(frame({ method: 'notifications/cancelled', params: { requestId: 1 } }));
    await session.request(modern(2, 'tools/list'));
  });
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'lookup-2025': captureLookup2025,
  'lookup-2026': captureLookup2026,
  'cancel-2025': captureCancel2025,
  'cancel-2026': captureCancel2026,
  'removed-2026': captureRemoved2026,
  'reject-2025': captureReject2025,
  'no-envelope-after-discover': captureNoEnvelopeAfterDiscover,
  'no-envelope-reject': captureNoEnvelopeReject,
  'http-2026': captureHttp2026,
  'http-reject-2025': captureHttpReject2025,
  'listen-2026': captureListen2026,
  'auto-probe': captureAutoProbe,
  'auto-session': captureAutoSession,
  'auto-probe-v1': captureAutoProbeV1,
  'auto-session-v1': captureAutoSessionV1,
});
