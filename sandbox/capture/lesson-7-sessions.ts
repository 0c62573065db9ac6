// Lesson 7's scripted streamable HTTP sessions: the session lifecycle, the transport's errors
// as HTTP statuses, and a resumed stream. Like http-session.ts they speak plain fetch through
// the recording proxy; here a step may set or drop any header, read an SSE stream only until
// the event it waits for (then hang up), and send Last-Event-ID from the last event seen.
import { performance } from 'node:perf_hooks';
import { spawnPaperTrailHttp } from '../paper-trail/index.ts';
import { startHttpTap } from '../tap/http-tap.ts';
import { Framer } from '../wire/framer.ts';
import { SseParser } from '../wire/sse.ts';
import { normaliseCapture } from './normalise.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

interface Step {
  method: 'POST' | 'GET' | 'DELETE';
  body?: string;
  /** Headers to set over the defaults; null removes one. */
  headers?: Record<string, string | null>;
  /** Send no session headers (a client that lost or never kept its session id). */
  noSession?: boolean;
  /** Send this session id instead of the current one. */
  sessionId?: string;
  /** Send Last-Event-ID: the id of the last SSE event seen so far. */
  resume?: boolean;
  /** Read an SSE body only until an event whose data passes this test, then hang up. */
  until?: (data: string) => boolean;
}

async function runSteps(flags: string[], steps: Step[]): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({ flags });
  const framer = new Framer();
  const t0 = performance.timeOrigin;
  const tap = await startHttpTap({
    target: server.url,
    passForeignOrigin: true,
    onFrame: ({ at, ...frame }) => framer.add({ ...frame, t: at - t0 }),
  });
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;
  let lastEventId: string | undefined;
  try {
    for (const step of steps) {
      const headers: Record<string, string> = {};
      if (step.method === 'POST') {
        headers['accept'] = 'application/json, text/event-stream';
        headers['content-type'] = 'application/json';
      }
      if (step.method === 'GET') headers['accept'] = 'text/event-stream';
      const id = step.sessionId ?? sessionId;
      if (id && !step.noSession) headers['mcp-session-id'] = id;
      if (protocolVersion && !step.noSession) headers['mcp-protocol-version'] = protocolVersion;
      if (step.resume && lastEventId) headers['last-event-id'] = lastEventId;
      for (const [name, value] of Object.entries(step.headers ?? {})) {
        if (value === null) delete headers[name];
        else headers[name] = value;
      }
      const hangUp = new AbortController();
      const res = await fetch(tap.url, {
        method: step.method,
        headers,
        body: step.body,
        signal: hangUp.signal,
      });
      if (step.until && res.body) {
        const parser = new SseParser();
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let done = false;
        while (!done) {
          const read = await reader.read();
          const events = read.done ? parser.end() : parser.push(read.value);
          for (const event of events) {
            if (event.id !== undefined) lastEventId = event.id;
            if (step.until(event.data)) done = true;
          }
          if (read.done) break;
        }
        // Give the tap a moment to record what it passed on, then hang up.
        await new Promise((resolve) => setTimeout(resolve, 50));
        hangUp.abort();
        await reader.cancel().catch(() => {});
      } else {
        const text = await res.text();
        for (const event of new SseParser().push(text)) {
          if (event.id !== undefined) lastEventId = event.id;
        }
      }
      // 404 for its own session: it is gone; a client forgets it and starts over with initialize.
      if (res.status === 404 && step.sessionId === undefined && !step.noSession) {
        sessionId = undefined;
        protocolVersion = undefined;
      }
      const newSession = res.headers.get('mcp-session-id');
      if (newSession && res.ok) sessionId = newSession;
      if (step.body?.includes('"method":"initialize"') && res.ok) {
        protocolVersion = script.PROTOCOL_VERSION;
      }
    }
  } finally {
    await tap.close();
    await server.stop();
  }
  return { frames: normaliseCapture(framer.frames) };
}

const handshake: Step[] = [
  { method: 'POST', body: script.initialize },
  { method: 'POST', body: script.initialized },
];
/** A session id the server never handed out: what a client holds after a restart. */
const STALE_SESSION = '5e551010-dead-4bad-8000-000000000000';

// Lifecycle: HTTP 200 for an isError result and for a JSON-RPC error alike; a request with
// no session id (400), with one the server does not know (404); DELETE; the deleted id gets
// 404 and the client starts over with a fresh initialize.
export const captureHttpLifecycle = () =>
  runSteps(
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
  runSteps(
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
  runSteps(
    ['--resumable', '--drop-after', '2', '--logging'],
    [
      ...handshake,
      { method: 'GET', until: (data) => data.includes('"notifications/message"') },
      { method: 'POST', body: script.trackShipment, until: isProgress(2) },
      { method: 'GET', resume: true, until: isResult(2) },
      { method: 'DELETE' },
    ],
  );
