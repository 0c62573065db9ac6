// readFrame: what a frame is, decided once with the SDK's schemas, including the course's
// central question (did the call work, fail as a tool, or fail as a protocol?).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';
import { failureKindOf, readFrame, readMessage } from '../../sandbox/wire/read.ts';
import { pairFrames } from '../../components/frames/view.ts';
import { Conversation } from '../../sandbox/checks/frames.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';

const stdio = (text: string, dir: 'c2s' | 's2c' = 'c2s'): FrameRecord => ({
  seq: 0,
  t: 0,
  dir,
  transport: 'stdio',
  text,
});

describe('readFrame', () => {
  it('reads the four kinds of JSON-RPC message with their id, method and failure kind', () => {
    const r = (text: string) => {
      const { kind, id, method, failureKind, message } = readFrame(stdio(text));
      return { kind, id, method, failureKind, message: message?.kind };
    };
    expect(r('{"jsonrpc":"2.0","id":"a","method":"ping"}')).toEqual({
      kind: 'request',
      id: 'a',
      method: 'ping',
      failureKind: undefined,
      message: 'request',
    });
    expect(r('{"method":"notifications/initialized","jsonrpc":"2.0"}')).toMatchObject({
      kind: 'notification',
      method: 'notifications/initialized',
      id: undefined,
    });
    expect(r('{"result":{},"jsonrpc":"2.0","id":0}')).toMatchObject({
      kind: 'response',
      id: 0,
      failureKind: 'ok',
      message: 'result',
    });
    expect(r('{"jsonrpc":"2.0","id":3,"result":{"content":[],"isError":true}}')).toMatchObject({
      kind: 'response',
      failureKind: 'tool-error',
    });
    expect(r('{"jsonrpc":"2.0","id":3,"result":{"content":[],"isError":"true"}}')).toMatchObject({
      kind: 'response',
      failureKind: 'ok',
    });
    expect(r('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}}')).toMatchObject({
      kind: 'response',
      id: 1,
      failureKind: 'protocol-error',
      message: 'error',
    });
  });

  it('names what is wrong with a frame that is not a message', () => {
    const problem = (text: string) => readFrame(stdio(text)).problem;
    expect(problem('{"id":1,"method":"ping"}')).toContain('no "jsonrpc" member');
    expect(problem('{"jsonrpc":"1.0","id":1,"method":"ping"}')).toContain(
      'it must be the string "2.0"',
    );
    expect(problem('{"jsonrpc":"2.0","id":null,"method":"ping"}')).toContain('"id": null');
    expect(problem('{"jsonrpc":"2.0","id":1.5,"method":"ping"}')).toContain('string or an integer');
    expect(problem('[{"jsonrpc":"2.0","id":1,"method":"ping"}]')).toContain('batch');
    expect(problem('hello')).toBe('is not JSON: "hello"');
    // JSON that breaks off is shown as written, not as a string literal full of \".
    expect(problem('{"jsonrpc":"2.0","id":1,"method":"init')).toBe(
      'is not JSON: “{"jsonrpc":"2.0","id":1,"method":"init”',
    );
    expect(problem('{"a":"\u0007"')).toBe('is not JSON: “{"a":"\\u0007"”');
    expect(problem('')).toBe('is an empty line');
    expect(problem('{"jsonrpc":"2.0","id":1,"method":"ping","args":{}}')).toContain('"args"');
    expect(readFrame(stdio('hello')).kind).toBe('not-json');
    expect(readFrame(stdio('{"id":1}')).kind).toBe('not-jsonrpc');
  });

  it('reads an empty HTTP body as no body, and an empty stdio line as bytes that are not JSON', () => {
    expect(readFrame({ ...stdio(''), transport: 'http' }).kind).toBe('no-body');
    expect(readFrame(stdio('')).kind).toBe('not-json');
  });
});

describe('an error with "id": null', () => {
  let server: SpawnedHttpServer;
  let body = '';
  beforeAll(async () => {
    server = await spawnPaperTrailHttp({ jsonResponse: true });
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{not json',
    });
    body = await res.text();
  });
  afterAll(() => server?.stop());

  it("is Paper Trail's own answer to bytes it cannot parse", () => {
    expect(JSON.parse(body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('is a protocol error that answers no request, on both directions and transports', () => {
    for (const transport of ['http', 'stdio'] as const) {
      const reading = readFrame({ seq: 0, t: 0, dir: 's2c', transport, text: body });
      expect(reading.kind).toBe('response');
      expect(reading.failureKind).toBe('protocol-error');
      expect(reading.id).toBeUndefined();
      expect(reading.problem).toBeUndefined();
      expect(reading.message).toMatchObject({ kind: 'error', error: { code: -32700 } });
    }
  });

  it('gets the same answer from readMessage and failureKindOf (the exercise oracle)', () => {
    const message = readMessage(JSON.parse(body));
    expect(message && failureKindOf(message)).toBe('protocol-error');
  });

  it('is badged and judged the same by the lesson, the workbench and the checks', () => {
    const record = { seq: 0, t: 0, dir: 's2c' as const, transport: 'http' as const, text: body };
    const [view] = pairFrames([record]);
    expect(view!.info).toMatchObject({ kind: 'response', failureKind: 'protocol-error' });
    expect(view!.info.badge).toMatchObject({
      tone: 'protocol-error',
      text: 'protocol error · -32700',
    });
    const [read] = new Conversation([record]).reads;
    expect(read).toMatchObject({ kind: 'response', failureKind: 'protocol-error' });
    expect(read!.problem).toBeUndefined();
  });
});
