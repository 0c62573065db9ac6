// readCapture: what the lessons use at build time, and what the lessons teach from.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CaptureReadError, readCapture } from '../../sandbox/wire/capture-file.ts';
import { strayLine } from '../../sandbox/capture/script.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
/** A committed capture file's path, wherever its lesson keeps it. */
const committed = (file: string) => join(repo, captureFile(file, repo));
const body = (text: string) => JSON.parse(text) as Record<string, unknown>;
const scratch = mkdtempSync(join(tmpdir(), 'read-capture-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('readCapture on the committed captures', () => {
  it('stdio: the stray line gets no reply and the ping after it does', () => {
    const frames = readCapture(committed('stdio-session.jsonl'));
    // The client wrote it into the server's stdin, and its text says so (it must not read
    // like a server's console.log).
    expect(strayLine).toMatch(/client/);
    expect(strayLine).not.toMatch(/console\.log/);
    const stray = frames.findIndex((f) => f.text === strayLine);
    expect(frames[stray]!.dir).toBe('c2s');
    expect(frames[stray + 1]).toMatchObject({ dir: 'c2s' });
    expect(body(frames[stray + 1]!.text)).toMatchObject({ method: 'ping', id: 7 });
    expect(body(frames[stray + 2]!.text)).toEqual({ result: {}, jsonrpc: '2.0', id: 7 });
    const unknownMethod = frames.map((f) => body(f.text.startsWith('{') ? f.text : '{}'));
    expect(unknownMethod).toContainEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32601, message: 'Method not found' },
    });
  });

  it('the PT-1041 call is byte-identical on stdio and HTTP, and so is its reply', () => {
    const stdio = readCapture(committed('stdio-session.jsonl'));
    const http = readCapture(committed('http-json.jsonl'));
    const call = (frames: typeof stdio) =>
      frames.find(
        (f) => f.dir === 'c2s' && f.text.includes('"PT-1041"') && f.text.includes('order_status'),
      )!;
    const reply = (frames: typeof stdio) =>
      frames.find((f) => f.dir === 's2c' && f.text.includes('"id":3}'))!;
    expect(call(http).text).toBe(call(stdio).text);
    expect(reply(http).text).toBe(reply(stdio).text);
    expect(body(reply(stdio).text)).toMatchObject({
      result: { structuredContent: { carrier: 'Delhivery' } },
    });
  });

  it('http-sse: progress events then the result, each its own sse frame', () => {
    const frames = readCapture(committed('http-sse.jsonl'));
    const track = frames.filter((f) => f.http?.exchange === 2);
    expect(track.map((f) => f.http!.part)).toEqual([
      'request',
      'response',
      'sse',
      'sse',
      'sse',
      'sse',
    ]);
    expect(track[1]!.http!.headers['content-type']).toBe('text/event-stream');
    const events = track.slice(2).map((f) => body(f.text));
    expect(events.map((e) => e.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result',
    ]);
    expect(track.slice(2).every((f) => f.http!.event === 'message')).toBe(true);
  });

  it('http-json: session header on the initialize reply, 202 for the notification', () => {
    const frames = readCapture(committed('http-json.jsonl'));
    expect(frames[1]!.http).toMatchObject({
      part: 'response',
      status: 200,
      headers: { 'mcp-session-id': '00000000-0000-4000-8000-000000000001' },
    });
    expect(frames[3]!.http).toMatchObject({ part: 'response', status: 202 });
    expect(frames.at(-2)!.http).toMatchObject({ part: 'request', method: 'DELETE' });
  });
});

describe('readCapture on broken files', () => {
  it('names the file and line of a line that is not a frame record', () => {
    const file = join(scratch, 'bad.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ seq: 0, t: 0, dir: 'c2s', transport: 'stdio', text: '{}' })}\n` +
        `${JSON.stringify({ seq: 1, t: 1, dir: 'sideways', transport: 'stdio', text: '{}' })}\n`,
    );
    expect(() => readCapture(file)).toThrow(CaptureReadError);
    expect(() => readCapture(file)).toThrow(`${file}:2: not a frame record (dir:`);
  });

  it('names the file and line of a line that is not JSON', () => {
    const file = join(scratch, 'notjson.jsonl');
    writeFileSync(file, 'hello\n');
    expect(() => readCapture(file)).toThrow(`${file}:1: not JSON`);
  });
});

describe('what the lesson says about JSON and SSE replies (SDK 1.32.2)', () => {
  const sse = readCapture(committed('http-sse.jsonl'));
  const json = readCapture(committed('http-json-progress.jsonl'));
  const requests = (frames: typeof sse) =>
    frames.filter((f) => f.http?.part === 'request').map((f) => f.text);
  const progress = (frames: typeof sse) =>
    frames.filter((f) => f.dir === 's2c' && f.text.includes('"notifications/progress"'));
  const exchangeOf = (frames: typeof sse, id: number) => {
    const request = frames.find(
      (f) => f.http?.part === 'request' && f.text.includes(`"id":${id},`),
    )!;
    return frames.filter((f) => f.http?.exchange === request.http!.exchange);
  };

  it('the two captures send the same bytes, to two server settings', () => {
    expect(requests(json)).toEqual(requests(sse));
    const call = body(requests(sse)[2]!) as { params: { _meta: { progressToken: string } } };
    expect(call.params._meta.progressToken).toBe('track-PT-1041');
  });

  it('SSE mode streams even the initialize reply; JSON mode answers it with one body', () => {
    const [, sseHead, sseEvent] = exchangeOf(sse, 1);
    expect(sseHead!.http).toMatchObject({ part: 'response', status: 200 });
    expect(sseHead!.http!.headers['content-type']).toBe('text/event-stream');
    expect(body(sseEvent!.text)).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-11-25' },
    });
    const [, jsonReply] = exchangeOf(json, 1);
    expect(jsonReply!.http!.headers['content-type']).toBe('application/json');
    expect(body(jsonReply!.text)).toMatchObject({ id: 1 });
  });

  it('progress reaches the client in SSE mode and never in JSON mode', () => {
    expect(progress(sse)).toHaveLength(3);
    expect(progress(json)).toEqual([]);
    // The JSON-mode call still gets its result, in one body, with nothing before it.
    const call = exchangeOf(json, 2);
    expect(call.map((f) => f.http!.part)).toEqual(['request', 'response']);
    expect(call[1]!.http!.headers['content-type']).toBe('application/json');
    expect(body(call[1]!.text)).toMatchObject({ id: 2, result: { content: [{ type: 'text' }] } });
  });

  it('both sessions end with a DELETE that the server accepts', () => {
    for (const frames of [sse, json]) {
      expect(frames.at(-2)!.http).toMatchObject({ part: 'request', method: 'DELETE' });
      expect(frames.at(-1)!.http).toMatchObject({ part: 'response', status: 200 });
    }
  });
});

describe('where SDK 1.32.2 departs from plain JSON-RPC (stdio-strict)', () => {
  const frames = readCapture(committed('stdio-strict.jsonl'));
  const replies = frames.filter((f) => f.dir === 's2c').map((f) => body(f.text));

  it('drops a frame with a misspelt member without a reply, and carries on', () => {
    const misspelt = frames.findIndex((f) => f.text.includes('"parmas"'));
    expect(body(frames[misspelt]!.text)).toMatchObject({ id: 8, method: 'tools/call' });
    expect(replies.some((r) => r.id === 8)).toBe(false);
    expect(body(frames[misspelt + 1]!.text)).toMatchObject({ method: 'ping', id: 7 });
    expect(body(frames[misspelt + 2]!.text)).toEqual({ result: {}, jsonrpc: '2.0', id: 7 });
  });

  it('answers a tools/call without a tool name with -32603, not -32602', () => {
    expect(replies.find((r) => r.id === 9)).toMatchObject({
      error: { code: -32603 },
    });
  });
});
