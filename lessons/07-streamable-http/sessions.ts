// Lesson 7's scripted streamable HTTP sessions: the session lifecycle, the transport's errors
// as HTTP statuses, a resumed stream and a JSON-RPC batch, run by http-session.ts's
// runHttpSteps; and two GET streams at once, which needs two requests open together.
import { performance } from 'node:perf_hooks';
import { spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import { startHttpTap } from '../../sandbox/tap/http-tap.ts';
import { Framer } from '../../sandbox/wire/framer.ts';
import { runHttpSteps, type HttpStep } from '../../sandbox/capture/http-session.ts';
import { normaliseCapture } from '../../sandbox/capture/normalise.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const handshake: HttpStep[] = [
  { method: 'POST', body: script.initialize },
  { method: 'POST', body: script.initialized },
];
/** A session id the server never handed out: what a client holds after a restart. */
const STALE_SESSION = '5e551010-dead-4bad-8000-000000000000';

// Lifecycle: HTTP 200 for an isError result and for a JSON-RPC error alike; a request with
// no session id (400), with one the server does not know (404); DELETE; the deleted id gets
// 404 and the client starts over with a fresh initialize.
export const captureHttpLifecycle = () =>
  runHttpSteps(
    ['--json-response'],
    [
      ...handshake,
      { method: 'POST', body: script.orderMissing },
      { method: 'POST', body: script.unknownMethod },
      { method: 'POST', body: script.toolsList, noSession: true },
      { method: 'POST', body: script.toolsList, sessionId: STALE_SESSION },
      { method: 'DELETE' },
      { method: 'POST', body: script.toolsList },
      { method: 'POST', body: script.initialize },
      { method: 'POST', body: script.initialized },
      { method: 'POST', body: script.toolsList },
      { method: 'DELETE' },
    ],
  );

// Transport errors: each one is an HTTP status before any JSON-RPC method runs. The server
// allows one session, no GET stream and bodies of 512 bytes, so every refusal fits a page.
export const captureHttpTransportErrors = () =>
  runHttpSteps(
    ['--max-sessions', '1', '--no-get-stream', '--max-body', '512'],
    [
      { method: 'POST', body: script.initialize, headers: { accept: 'application/json' } },
      { method: 'POST', body: script.initialize, headers: { 'content-type': 'text/plain' } },
      {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: script.PROTOCOL_VERSION,
            capabilities: {},
            clientInfo: { ...script.CLIENT_INFO, note: 'x'.repeat(500) },
          },
        }),
      },
      { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"initialize",' },
      { method: 'POST', body: script.initialize, headers: { origin: 'http://evil.example' } },
      ...handshake,
      { method: 'GET' },
      { method: 'POST', body: script.initialize, noSession: true },
      { method: 'DELETE' },
    ],
  );

const isProgress = (n: number) => (data: string) =>
  data.includes('"notifications/progress"') && data.includes(`"progress":${n},`);
const isResult = (id: number) => (data: string) =>
  data.includes('"result"') && data.includes(`"id":${id}`);

// A resumable stream: the GET stream's greeting; track_shipment's stream opens with a
// priming event (id and retry:), the server drops it after progress event 2, the client
// resumes with GET + Last-Event-ID and gets event 3 and the result; then DELETE.
export const captureHttpResume = () =>
  runHttpSteps(
    ['--resumable', '--drop-after', '2', '--logging'],
    [
      ...handshake,
      { method: 'GET', until: (data) => data.includes('"notifications/message"') },
      { method: 'POST', body: script.trackShipment, until: isProgress(2) },
      { method: 'GET', resume: true, until: isResult(2) },
      { method: 'DELETE' },
    ],
  );

// A JSON-RPC batch in one POST: the 2025-11-25 transport says a POST body is a single
// message, and SDK 1.32.2's transport takes an array anyway and answers with one.
export const captureHttpBatch = () =>
  runHttpSteps(
    ['--json-response'],
    [...handshake, { method: 'POST', body: `[${script.orderFound},${script.ping}]` }],
  );

/**
 * A second GET stream while the first is open: SDK 1.32.2 allows one per session and answers
 * the second 409. The first stream's greeting (--logging) is read before the second GET, so
 * the order of the frames is fixed; then the first is hung up and the session deleted.
 */
export async function captureHttpSecondGet(): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({ flags: ['--logging'] });
  const framer = new Framer();
  const t0 = performance.timeOrigin;
  const tap = await startHttpTap({
    target: server.url,
    onFrame: ({ at, ...frame }) => framer.add({ ...frame, t: at - t0 }),
  });
  try {
    const session: Record<string, string> = {};
    const send = (method: string, body?: string, signal?: AbortSignal) =>
      fetch(tap.url, {
        method,
        body,
        signal,
        headers: {
          ...session,
          ...(method === 'POST' && {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
          }),
          ...(method === 'GET' && { accept: 'text/event-stream' }),
        },
      });
    const opened = await send('POST', script.initialize);
    session['mcp-session-id'] = opened.headers.get('mcp-session-id') ?? '';
    await opened.text();
    session['mcp-protocol-version'] = script.PROTOCOL_VERSION;
    await (await send('POST', script.initialized)).text();

    const hangUp = new AbortController();
    const first = await send('GET', undefined, hangUp.signal);
    const reader = first.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let seen = ''; !seen.includes('"notifications/message"');) {
      const read = await reader.read();
      if (read.done) throw new Error('second GET: the first GET stream ended before its greeting');
      seen += read.value;
    }
    await (await send('GET')).text();
    hangUp.abort();
    await reader.cancel().catch(() => {});
    // Give the tap a moment to record the first stream's end, then end the session.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await (await send('DELETE')).text();
  } finally {
    await tap.close();
    await server.stop();
  }
  return { frames: normaliseCapture(framer.frames) };
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'http-lifecycle': captureHttpLifecycle,
  'http-transport-errors': captureHttpTransportErrors,
  'http-resume': captureHttpResume,
  'http-batch': captureHttpBatch,
  'http-second-get': captureHttpSecondGet,
});
