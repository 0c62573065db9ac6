// Lesson 7's HTTP features: resumable streams (event store, priming event, retry:, a stream
// dropped on purpose after progress event N), the GET stream (a greeting tied to no request,
// or 405), judged with the SDK's own Client and with plain fetch where the bytes matter.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { startHttpServer } from '../../sandbox/paper-trail/index.ts';
import type { HttpOptions, RunningHttpServer } from '../../sandbox/paper-trail/index.ts';
import { ArgsError, parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import { dropPointFor, RETRY_MS } from '../../sandbox/paper-trail/http-resume.ts';
import { SseParser } from '../../sandbox/wire/sse.ts';

let server: RunningHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Partial<HttpOptions>) {
  server = await startHttpServer({ port: 0, jsonResponse: false, log: () => {}, ...options });
  return server.url;
}

async function sdkClient(url: string) {
  const client = new Client({ name: 'resume-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const headers = (sessionId?: string) => ({
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } : {}),
});

async function rawSession(url: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1.0.0' },
      },
    }),
  });
  await res.text();
  const id = res.headers.get('mcp-session-id')!;
  const note = await fetch(url, {
    method: 'POST',
    headers: headers(id),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  expect(note.status).toBe(202);
  return id;
}

const events = (text: string) => new SseParser().push(text);

describe('resumable streams', () => {
  it('the SDK Client gets every progress event and the result across a dropped stream', async () => {
    const url = await start({ resumable: true, dropAfter: 2 });
    const client = await sdkClient(url);
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'track_shipment', arguments: { order_id: 'PT-1041' } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    expect(JSON.stringify(result.content)).toContain('PT-1041: shipped with Delhivery');
    await client.close();
  });

  it('a plain fetch sees the priming event, the drop after event N, and the replay after Last-Event-ID', async () => {
    const url = await start({ resumable: true, dropAfter: 1 });
    const session = await rawSession(url);
    const call = await fetch(url, {
      method: 'POST',
      headers: headers(session),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'track_shipment',
          arguments: { order_id: 'PT-1041' },
          _meta: { progressToken: 't' },
        },
      }),
    });
    const text = await call.text();
    // Stream 1 was initialize's own; this POST's stream is the second the session opened.
    expect(text.startsWith(`id: 2-0\nretry: ${RETRY_MS}\ndata: \n\n`)).toBe(true);
    const first = events(text);
    expect(first.map((e) => e.id)).toEqual(['2-0', '2-1']);
    expect(JSON.parse(first[1]!.data).params.progress).toBe(1);

    const resumed = await fetch(url, {
      method: 'GET',
      headers: { ...headers(session), 'last-event-id': '2-1' },
    });
    expect(resumed.status).toBe(200);
    const seen: string[] = [];
    const parser = new SseParser();
    const reader = resumed.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The replayed stream stays open after the result (the SDK closes it only with the session).
    while (!seen.some((d) => d.includes('"result"'))) {
      const { value, done } = await reader.read();
      if (done) break;
      seen.push(...parser.push(value).map((e) => e.data));
    }
    await reader.cancel();
    const messages = seen.map((d) => JSON.parse(d));
    expect(messages.map((m) => m.params?.progress ?? 'result')).toEqual([2, 3, 'result']);
    expect(messages.at(-1).id).toBe(7);
    const gone = await fetch(url, { method: 'DELETE', headers: headers(session) });
    expect(gone.status).toBe(200);
  });

  it('without --resumable a stream has no ids and Last-Event-ID is ignored', async () => {
    const url = await start({});
    const session = await rawSession(url);
    const call = await fetch(url, {
      method: 'POST',
      headers: headers(session),
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    const [only] = events(await call.text());
    expect(only!.id).toBeUndefined();
  });
});

describe('the GET stream', () => {
  it('greets a new GET stream with a log message tied to no request (with --logging)', async () => {
    const url = await start({ logging: true, greetGetStream: true });
    const client = new Client({ name: 'get-test', version: '1.0.0' });
    const logged = new Promise<string>((resolve) =>
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) =>
        resolve(String(n.params.data)),
      ),
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(await logged).toContain('answer no request');
    await client.close();
  });

  it('answers GET with 405 and Allow under --no-get-stream; the SDK Client carries on', async () => {
    const url = await start({ noGetStream: true });
    const session = await rawSession(url);
    const get = await fetch(url, { method: 'GET', headers: headers(session) });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');
    const client = await sdkClient(url);
    expect((await client.listTools()).tools.length).toBe(3);
    await client.close();
  });
});

describe('the body limit', () => {
  it('refuses a POST body over --max-body with 413 before reading it as JSON', async () => {
    const url = await start({ maxBodyBytes: 100 });
    const res = await fetch(url, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(200) },
      }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toContain('must not exceed 100 bytes');
  });
});

describe('flags', () => {
  it('parses --resumable, --drop-after and --no-get-stream', () => {
    expect(parsePaperTrailArgs(['--http', '--resumable', '--drop-after', '2'])).toMatchObject({
      resumable: true,
      dropAfter: 2,
    });
    expect(
      parsePaperTrailArgs(['--http', '--resumable', '--drop-after', 'any', '--seed', '9']),
    ).toMatchObject({ dropAfter: dropPointFor(9) });
    const points = new Set(Array.from({ length: 40 }, (_, seed) => dropPointFor(seed)));
    expect([...points].sort()).toEqual([1, 2, 3]);
    expect(parsePaperTrailArgs(['--http', '--no-get-stream'])).toMatchObject({ noGetStream: true });
  });

  it.each([
    [['--http', '--drop-after', '2'], '--drop-after needs --resumable'],
    [['--http', '--resumable', '--drop-after', '7'], '--drop-after must be from 1 to 3 or "any"'],
    [['--http', '--resumable', '--drop-after', 'soon'], 'got "soon"'],
    [['--resumable'], '--resumable only makes sense together with --http'],
    [['--http', '--max-body', '12'], '--max-body must be at least 64'],
    [['--http', '--resumable', '--json-response'], '--resumable needs SSE responses'],
  ])('%j is refused with a sentence', (argv, message) => {
    expect(() => parsePaperTrailArgs(argv)).toThrow(ArgsError);
    expect(() => parsePaperTrailArgs(argv)).toThrow(message);
  });
});
