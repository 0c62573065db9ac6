// Lesson 2's sessions (the wire): one scripted stdio session in full, two calls in flight at
// once, where the SDK's strict schemas depart from plain JSON-RPC, and the same requests over
// streamable HTTP with JSON and with SSE replies. Each is the real Paper Trail behind the same
// taps the exercises use.
import { captureHttpSession, type HttpStep } from '../../sandbox/capture/http-session.ts';
import * as script from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';
import { runStdioSession } from '../../sandbox/capture/stdio-session.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';

export function captureStdioSession(): Promise<CaptureResult> {
  return runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.request(script.toolsList);
    await session.request(script.orderFound);
    await session.request(script.orderMissing);
    await session.request(script.unknownMethod);
    await session.request(script.unknownTool);
    // The stray line gets no reply at all; the ping right after shows the server carried on.
    session.send(script.strayLine);
    await session.request(script.ping);
  });
}

/**
 * Two calls in flight at once: both requests leave in one write and the server answers
 * each as soon as it is done, so the replies may come back in the other order (with SDK
 * 1.32.2 the PT-9999 reply comes first; `--check` notices if that ever changes). Replies
 * pair with requests by id, not by position.
 */
export async function captureStdioPipelined(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.together([script.orderFound, script.orderMissing]);
  });
  return { frames };
}

/**
 * Where SDK 1.32.2 departs from plain JSON-RPC: a frame with a misspelt member (`parmas`)
 * fails the SDK's strict schemas and is dropped without a reply (the ping after it is
 * answered, so the server carried on), and a tools/call without a tool name is answered
 * with -32603 rather than -32602.
 */
export async function captureStdioStrict(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    session.send(script.misspeltParams);
    await session.request(script.ping);
    await session.request(script.callWithoutName);
  });
  return { frames };
}

const handshake: HttpStep[] = [
  { method: 'POST', body: script.initialize },
  { method: 'POST', body: script.initialized },
];

export const captureHttpJson = () =>
  captureHttpSession({
    jsonResponse: true,
    steps: [
      ...handshake,
      { method: 'POST', body: script.toolsList },
      { method: 'POST', body: script.orderFound },
      { method: 'POST', body: script.orderMissing },
      { method: 'DELETE' },
    ],
  });

// The same three requests against two server settings. SDK 1.32.2 fixes the reply format
// when the transport starts (enableJsonResponse), not per request: with SSE replies the
// track_shipment call streams its progress notifications before the result; with JSON
// replies the SDK never writes them, so the result arrives alone.
const trackingSession: HttpStep[] = [
  ...handshake,
  { method: 'POST', body: script.trackShipment },
  { method: 'DELETE' },
];

export const captureHttpSse = () =>
  captureHttpSession({ jsonResponse: false, steps: trackingSession });

export const captureHttpJsonProgress = () =>
  captureHttpSession({ jsonResponse: true, steps: trackingSession });

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'stdio-session': captureStdioSession,
  'stdio-pipelined': captureStdioPipelined,
  'http-json': captureHttpJson,
  'http-sse': captureHttpSse,
  'http-json-progress': captureHttpJsonProgress,
  'stdio-strict': captureStdioStrict,
});
