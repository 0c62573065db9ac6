// The anchor lesson names frames by number in its prose ("frame 13 is a line that is not
// JSON") and picks them by seq. A re-capture that shifts the frames would leave the prose
// pointing at the wrong bytes while every frame still renders; this test notices.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCapture } from '../../components/frames/capture.ts';

const lesson = readFileSync('lessons/02-the-wire/lesson.mdx', 'utf8');
const stdio = loadCapture('stdio-session');
const pipelined = loadCapture('stdio-pipelined');
const httpJson = loadCapture('http-json');
const httpSse = loadCapture('http-sse');
const strict = loadCapture('stdio-strict');
const at = (capture: typeof stdio, seq: number) => capture.views[seq]!;

describe('frame numbers in the-wire.mdx', () => {
  it('still point at the frames the prose describes', () => {
    // "Request (frame 0)", "Response (frame 1)", "Notification (frame 2)"
    expect(lesson).toMatch(/\*\*(<Term [^>]*>)?Request(<\/Term>)?\*\* \(frame 0\)/);
    expect(at(stdio, 0).info).toMatchObject({ kind: 'request', method: 'initialize' });
    expect(lesson).toMatch(/\*\*(<Term [^>]*>)?Response(<\/Term>)?\*\* \(frame 1\)/);
    expect(at(stdio, 1).info.kind).toBe('response');
    expect(at(stdio, 1).pairedWith).toBe(0);
    expect(lesson).toMatch(/\*\*(<Term [^>]*>)?Notification(<\/Term>)?\*\* \(frame 2\)/);
    expect(at(stdio, 2).info).toMatchObject({ kind: 'notification' });

    // "Frame 13 is a line that is not JSON", "The ping at frame 14 is answered at frame 15"
    expect(lesson).toContain('Frame 13 is a line that is not JSON');
    expect(at(stdio, 13).info.kind).toBe('not-json');
    expect(lesson).toContain('The ping at frame 14 is answered at frame 15');
    expect(at(stdio, 14).info.method).toBe('ping');
    expect(at(stdio, 15).pairedWith).toBe(14);
    // "the client wrote it into the server's stdin"
    expect(at(stdio, 13).record.dir).toBe('c2s');
  });

  it('picks, by seq, the frames each caption promises', () => {
    expect(lesson).toContain('seq={[0, 1, 2]}');
    expect(lesson).toContain('seq={[13, 14, 15]}');
    // Two requests in flight at once, then their two replies.
    expect(lesson).toContain('capture="stdio-pipelined"\n  seq={[3, 4, 5, 6]}');
    expect([3, 4].map((s) => at(pipelined, s).info.kind)).toEqual(['request', 'request']);
    expect([5, 6].map((s) => at(pipelined, s).pairedWith).sort()).toEqual([3, 4]);
    // Initialize over HTTP: the POST, its reply with the session id, the notification, 202.
    expect(lesson).toContain('capture="http-json"\n  seq={[0, 1, 2, 3]}');
    expect(at(httpJson, 0).info.method).toBe('initialize');
    expect(at(httpJson, 1).record.http?.headers['mcp-session-id']).toBeDefined();
    expect(at(httpJson, 2).info.method).toBe('notifications/initialized');
    expect(at(httpJson, 3).record.http?.status).toBe(202);
  });

  it('picks the HTTP and strict-schema frames the prose describes', () => {
    // "a client that is done sends a DELETE … The capture above ended that way"
    expect(lesson).toContain('capture="http-json"\n  seq={[10, 11]}');
    expect(at(httpJson, 10).record.http).toMatchObject({ part: 'request', method: 'DELETE' });
    expect(at(httpJson, 11).record.http).toMatchObject({ part: 'response', status: 200 });
    // "even the initialize reply arrived as an event stream"
    expect(lesson).toContain('capture="http-sse"\n  seq={[0, 1, 2]}');
    expect(at(httpSse, 0).info.method).toBe('initialize');
    expect(at(httpSse, 1).record.http?.headers['content-type']).toBe('text/event-stream');
    expect(at(httpSse, 2).pairedWith).toBe(0);
    // "the client misspells params as parmas, and then sends a ping"
    expect(lesson).toContain('capture="stdio-strict"\n  seq={[3, 4, 5]}');
    expect(at(strict, 3).record.text).toContain('"parmas"');
    expect(at(strict, 3).pairedWith).toBeUndefined();
    expect(at(strict, 4).info.method).toBe('ping');
    expect(at(strict, 5).pairedWith).toBe(4);
  });
});
