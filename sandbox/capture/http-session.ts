// The scripted streamable HTTP sessions: the real Paper Trail with --http behind the same
// recording proxy that exercises use (tap/http-tap.ts). The script POSTs its frames with
// fetch through the proxy; every request, response and SSE event is recorded by the tap.
// A step may also set or drop any header, read an SSE stream only until the event it waits
// for (then hang up), and send Last-Event-ID from the last event seen (lesson 7).
import { performance } from 'node:perf_hooks';
import { spawnPaperTrailHttp } from '../paper-trail/index.ts';
import { startHttpTap } from '../tap/http-tap.ts';
import { Framer } from '../wire/framer.ts';
import { SseParser } from '../wire/sse.ts';
import { normaliseCapture } from './normalise.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

export interface HttpStep {
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
  /**
   * Answer server requests that arrive in this POST's SSE stream: for each event, a body to
   * POST back at once (on its own request, while this stream stays open), or undefined.
   */
  answer?: (data: string) => string | undefined;
}

export async function runHttpSteps(flags: string[], steps: HttpStep[]): Promise<CaptureResult> {
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
      if (step.answer && res.body) {
        const parser = new SseParser();
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        const answers: Promise<unknown>[] = [];
        for (;;) {
          const read = await reader.read();
          for (const event of read.done ? parser.end() : parser.push(read.value)) {
            const body = step.answer(event.data);
            if (body === undefined) continue;
            const answerHeaders = { ...headers };
            answers.push(
              fetch(tap.url, { method: 'POST', headers: answerHeaders, body }).then((r) =>
                r.text(),
              ),
            );
          }
          if (read.done) break;
        }
        await Promise.all(answers);
      } else if (step.until && res.body) {
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

export function captureHttpSession(options: {
  jsonResponse: boolean;
  steps: HttpStep[];
}): Promise<CaptureResult> {
  return runHttpSteps(options.jsonResponse ? ['--json-response'] : [], options.steps);
}
