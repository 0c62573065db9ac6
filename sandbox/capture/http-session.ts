// The scripted streamable HTTP sessions: the real Paper Trail with --http behind the same
// recording proxy that exercises use (tap/http-tap.ts). The script POSTs its frames with
// fetch through the proxy; every request, response and SSE event is recorded by the tap.
import { performance } from 'node:perf_hooks';
import { spawnPaperTrailHttp } from '../paper-trail/index.ts';
import { startHttpTap } from '../tap/http-tap.ts';
import { Framer } from '../wire/framer.ts';
import { normaliseCapture } from './normalise.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

interface Exchange {
  method: 'POST' | 'DELETE';
  body?: string;
}

export async function captureHttpSession(options: {
  jsonResponse: boolean;
  steps: Exchange[];
}): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({ jsonResponse: options.jsonResponse });
  const framer = new Framer();
  const t0 = performance.timeOrigin;
  const tap = await startHttpTap({
    target: server.url,
    onFrame: ({ at, ...frame }) => framer.add({ ...frame, t: at - t0 }),
  });
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;

  try {
    for (const step of options.steps) {
      const headers: Record<string, string> = {};
      if (step.method === 'POST') {
        headers['accept'] = 'application/json, text/event-stream';
        headers['content-type'] = 'application/json';
      }
      if (sessionId) headers['mcp-session-id'] = sessionId;
      if (protocolVersion) headers['mcp-protocol-version'] = protocolVersion;
      const res = await fetch(tap.url, { method: step.method, headers, body: step.body });
      // Read the whole body: the tap records an SSE stream event by event as it passes.
      await res.arrayBuffer();
      const newSession = res.headers.get('mcp-session-id');
      if (newSession) sessionId = newSession;
      if (step.body?.includes('"method":"initialize"') && res.ok) {
        // After initialize every request names the negotiated version.
        protocolVersion = script.PROTOCOL_VERSION;
      }
    }
  } finally {
    await tap.close();
    await server.stop();
  }
  return { frames: normaliseCapture(framer.frames) };
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

// The same three requests against two server settings. SDK 1.32.2 fixes the reply format
// when the transport starts (enableJsonResponse), not per request: with SSE replies the
// track_shipment call streams its progress notifications before the result; with JSON
// replies the SDK never writes them, so the result arrives alone.
const trackingSession: Exchange[] = [
  ...handshake,
  { method: 'POST', body: script.trackShipment },
  { method: 'DELETE' },
];

export const captureHttpSse = () =>
  captureHttpSession({ jsonResponse: false, steps: trackingSession });

export const captureHttpJsonProgress = () =>
  captureHttpSession({ jsonResponse: true, steps: trackingSession });
