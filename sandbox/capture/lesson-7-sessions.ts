// Lesson 7's scripted streamable HTTP sessions: the session lifecycle, the transport's errors
// as HTTP statuses, and a resumed stream, run by http-session.ts's runHttpSteps.
import { runHttpSteps, type HttpStep } from './http-session.ts';
import * as script from './script.ts';

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
