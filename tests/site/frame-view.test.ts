import { describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { frameAnchor, pairFrames, answeredMethod } from '../../components/frames/view.ts';
import type { FrameInfo } from '../../components/frames/view.ts';
import { layoutJson } from '../../components/frames/json-layout.ts';
import { loadCapture, selectFrames } from '../../components/frames/capture.ts';
import { compareCalls, containsSubset, findCall } from '../../components/frames/match.ts';

const frame = (seq: number, dir: 'c2s' | 's2c', message: unknown): FrameRecord => ({
  seq,
  t: seq,
  dir,
  transport: 'stdio',
  text: typeof message === 'string' ? message : JSON.stringify(message),
});

/** How the course describes one stdio line, read on its own. */
const classifyText = (text: string): FrameInfo => pairFrames([frame(0, 'c2s', text)])[0]!.info;

describe('the view of one frame', () => {
  it('tells the three JSON-RPC shapes apart', () => {
    const request = classifyText('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(request).toMatchObject({ kind: 'request', id: 1, method: 'tools/list' });
    const note = classifyText('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(note).toMatchObject({ kind: 'notification', method: 'notifications/initialized' });
    expect(note.id).toBeUndefined();
    const response = classifyText('{"result":{},"jsonrpc":"2.0","id":"a"}');
    expect(response).toMatchObject({ kind: 'response', id: 'a', badge: { tone: 'ok' } });
  });

  it('gives a tool failure and a protocol failure different badges', () => {
    const tool = classifyText(
      '{"result":{"content":[{"type":"text","text":"no such order"}],"isError":true},"jsonrpc":"2.0","id":4}',
    );
    const protocol = classifyText(
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"Method not found"}}',
    );
    expect(tool.kind).toBe('response');
    expect(protocol.kind).toBe('response');
    expect(tool.badge).toMatchObject({ tone: 'tool-error', text: 'tool error · isError' });
    expect(protocol.badge).toMatchObject({
      tone: 'protocol-error',
      text: 'protocol error · -32601',
    });
    expect(protocol.badge.detail).toContain('Method not found');
    // isError: false is an ordinary result.
    expect(
      classifyText('{"result":{"content":[],"isError":false},"jsonrpc":"2.0","id":1}').badge.tone,
    ).toBe('ok');
  });

  it('treats a parse-error reply with id null as a protocol error', () => {
    const parse = classifyText(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
    );
    expect(parse).toMatchObject({ kind: 'response', badge: { text: 'protocol error · -32700' } });
  });

  it('flags a stray line and JSON that is not JSON-RPC', () => {
    expect(classifyText('hello from a stray console.log')).toMatchObject({
      kind: 'not-json',
      label: '(stray) not JSON',
      badge: { tone: 'stray' },
    });
    for (const text of [
      '{"id":1,"method":"ping"}', // no "jsonrpc"
      '{"jsonrpc":"2.0","id":null,"method":"ping"}', // null id on a request
      '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', // a batch
      '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}', // both
    ]) {
      expect(classifyText(text).kind, text).toBe('not-jsonrpc');
    }
    // An empty stdio line is bytes that are not a message; an empty HTTP body is no body.
    expect(classifyText('').kind).toBe('not-json');
    expect(pairFrames([{ ...frame(0, 's2c', ''), transport: 'http' }])[0]!.info.kind).toBe(
      'no-body',
    );
  });
});

describe('pairFrames', () => {
  it('pairs by id and direction, not by position', () => {
    const views = pairFrames([
      frame(0, 'c2s', { jsonrpc: '2.0', id: 0, method: 'tools/list' }),
      frame(1, 's2c', { jsonrpc: '2.0', id: 0, method: 'roots/list' }), // the server's own id 0
      frame(2, 'c2s', { jsonrpc: '2.0', id: 0, result: { roots: [] } }),
      frame(3, 's2c', { jsonrpc: '2.0', id: 0, result: { tools: [] } }),
    ]);
    expect(views.map((v) => v.pairedWith)).toEqual([3, 2, 1, 0]);
    expect(answeredMethod(views[3]!, (seq) => views[seq])).toBe('tools/list');
    expect(answeredMethod(views[2]!, (seq) => views[seq])).toBe('roots/list');
  });

  it('answers a reused id first come, first served, and leaves strays unpaired', () => {
    const views = pairFrames([
      frame(0, 'c2s', { jsonrpc: '2.0', id: 7, method: 'ping' }),
      frame(1, 'c2s', { jsonrpc: '2.0', id: 7, method: 'ping' }),
      frame(2, 's2c', { jsonrpc: '2.0', id: 7, result: {} }),
      frame(3, 'c2s', 'not json'),
      frame(4, 's2c', { jsonrpc: '2.0', id: 7, result: {} }),
      frame(5, 's2c', { jsonrpc: '2.0', id: 99, result: {} }),
    ]);
    expect(views.map((v) => v.pairedWith)).toEqual([2, 4, 0, undefined, 1, undefined]);
  });
});

describe('layoutJson', () => {
  it('keeps the value and folds what fits on a line', () => {
    const value = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'order_status', arguments: { order_id: 'PT-1041' } },
      list: [1, [2, 3], { a: null }],
    };
    const text = layoutJson(value, 50);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('"arguments": { "order_id": "PT-1041" }');
    expect(text.split('\n').length).toBeGreaterThan(3);
    expect(layoutJson({ a: 1 })).toBe('{ "a": 1 }');
  });
});

describe('the committed captures', () => {
  const stdio = loadCapture('stdio-session');

  it('classify the way the lesson says they do', () => {
    const badge = (seq: number) => stdio.views[seq]!.info.badge.text;
    expect(badge(6)).toBe('result'); // PT-1041
    expect(badge(8)).toBe('tool error · isError'); // PT-9999
    expect(badge(10)).toBe('protocol error · -32601'); // unknown method
    expect(badge(12)).toBe('tool error · isError'); // unknown tool, as SDK 1.32.2 answers
    expect(stdio.views[13]!.info.kind).toBe('not-json'); // the stray line
    expect(stdio.views[13]!.pairedWith).toBeUndefined();
    expect(stdio.views[14]!.pairedWith).toBe(15); // the ping after it is answered
  });

  it('select a whole HTTP exchange when one of its messages is picked', () => {
    const sse = loadCapture('http-sse');
    const picked = selectFrames(sse, { ids: [2] });
    const parts = picked.map((v) => v.record.http?.part);
    expect(parts[0]).toBe('request');
    expect(parts[1]).toBe('response');
    expect(parts.slice(2).every((p) => p === 'sse')).toBe(true);
    expect(picked.filter((v) => v.info.method === 'notifications/progress').length).toBeGreaterThan(
      0,
    );
    expect(() => selectFrames(sse, { ids: [404] })).toThrow(/no frame carries JSON-RPC id 404/);
    expect(() => selectFrames(sse, { seq: [999] })).toThrow(/there is no frame 999/);
  });

  it('carry the same order_status call on stdio and HTTP', () => {
    const http = loadCapture('http-json');
    const pick = {
      method: 'tools/call',
      params: { name: 'order_status', arguments: { order_id: 'PT-1041' } },
    };
    const a = findCall(stdio, pick);
    const b = findCall(http, pick);
    const side = (c: typeof stdio, r: typeof a) => ({
      request: r,
      response: c.views.find((v) => v.record.seq === r.pairedWith),
    });
    expect(compareCalls(side(stdio, a), side(http, b))).toMatchObject({
      requestSame: true,
      responseSame: true,
    });
    const other = findCall(stdio, { ...pick, params: { arguments: { order_id: 'PT-9999' } } });
    expect(compareCalls(side(stdio, a), side(stdio, other)).requestSame).toBe(false);
  });

  it('anchor frames by capture and seq', () => {
    expect(frameAnchor('stdio-session', 4)).toBe('stdio-session-frame-4');
  });
});

describe('containsSubset', () => {
  it('matches nested subsets only', () => {
    expect(containsSubset({ a: { b: 1, c: 2 } }, { a: { b: 1 } })).toBe(true);
    expect(containsSubset({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
    expect(containsSubset({ a: [1, 2] }, { a: [1] })).toBe(false);
    expect(containsSubset(undefined, { a: 1 })).toBe(false);
  });
});
