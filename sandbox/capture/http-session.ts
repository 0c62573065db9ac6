// The scripted streamable HTTP sessions: spawn the real Paper Trail with --http, POST the
// script's frames with fetch and record each request, response and SSE event as frames.
import { spawnPaperTrailHttp } from '../paper-trail/index.ts';
import { Recorder, keepHeaders } from './recorder.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

interface Exchange {
  method: 'POST' | 'DELETE';
  body?: string;
}

/** One server-sent event as written on the wire (fields we care about). */
interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

export function parseSseBlock(block: string): SseEvent | undefined {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    // Lines starting with ':' are comments (the SDK's keep-alives); they carry no message.
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'data') data.push(value);
    else if (name === 'event') event.event = value;
    else if (name === 'id') event.id = value;
  }
  if (fields === 0) return undefined;
  event.data = data.join('\n');
  return event;
}

export async function captureHttpSession(options: {
  jsonResponse: boolean;
  steps: Exchange[];
}): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({ jsonResponse: options.jsonResponse });
  const recorder = new Recorder('http');
  const path = new URL(server.url).pathname;
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;

  try {
    for (const [exchange, step] of options.steps.entries()) {
      const headers: Record<string, string> = {};
      if (step.method === 'POST') {
        headers['accept'] = 'application/json, text/event-stream';
        headers['content-type'] = 'application/json';
      }
      if (sessionId) headers['mcp-session-id'] = sessionId;
      if (protocolVersion) headers['mcp-protocol-version'] = protocolVersion;
      recorder.add('c2s', step.body ?? '', {
        exchange,
        part: 'request',
        method: step.method,
        path,
        headers: keepHeaders(Object.entries(headers)),
      });

      const res = await fetch(server.url, { method: step.method, headers, body: step.body });
      const responseHeaders = keepHeaders(res.headers.entries());
      const isSse = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
      const meta = {
        exchange,
        part: 'response' as const,
        status: res.status,
        headers: responseHeaders,
      };
      if (!isSse) {
        recorder.add('s2c', await res.text(), meta);
      } else {
        recorder.add('s2c', '', meta);
        await readSse(res, (event) =>
          recorder.add('s2c', event.data, { exchange, part: 'sse', ...pickEvent(event) }),
        );
      }

      const newSession = res.headers.get('mcp-session-id');
      if (newSession) sessionId = newSession;
      if (step.body?.includes('"method":"initialize"') && res.ok) {
        // After initialize every request names the negotiated version.
        protocolVersion = script.PROTOCOL_VERSION;
      }
    }
  } finally {
    await server.stop();
  }
  return { frames: recorder.finish() };
}

function pickEvent(event: SseEvent): { event?: string; id?: string } {
  return {
    ...(event.event !== undefined ? { event: event.event } : {}),
    ...(event.id !== undefined ? { id: event.id } : {}),
  };
}

async function readSse(res: Response, onEvent: (event: SseEvent) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const event = parseSseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) onEvent(event);
    }
  }
  const last = parseSseBlock(buffer);
  if (last) onEvent(last);
}

const handshake: Exchange[] = [
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

export const captureHttpSse = () =>
  captureHttpSession({
    jsonResponse: false,
    steps: [...handshake, { method: 'POST', body: script.trackShipment }, { method: 'DELETE' }],
  });
