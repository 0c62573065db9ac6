// The pure pieces under the harness: line framing, frame reading with the SDK's schemas,
// split-message detection and the SSE parser. No processes here.
import { describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { Framer } from '../../sandbox/harness/framer.ts';
import { findSplitMessage, readFrame } from '../../sandbox/checks/frames.ts';
import { SseParser } from '../../sandbox/tap/http-tap.ts';

const frame = (text: string, seq = 0, dir: 'c2s' | 's2c' = 'c2s'): FrameRecord => ({
  seq,
  t: 0,
  dir,
  transport: 'stdio',
  text,
});

describe('Framer', () => {
  it('cuts lines per stream, keeps bytes, and flushes an unterminated tail', () => {
    const frames: FrameRecord[] = [];
    const f = new Framer((x) => frames.push(x));
    const euro = Buffer.from('€');
    f.push('a', 'c2s', Buffer.concat([Buffer.from('one\r\ntw'), euro.subarray(0, 2)]), 1);
    f.push('b', 's2c', Buffer.from('other stream\n'), 2);
    f.push('a', 'c2s', Buffer.concat([euro.subarray(2), Buffer.from('o\n\nrest')]), 3);
    f.end('a');
    expect(frames.map((x) => [x.seq, x.dir, x.text])).toEqual([
      [0, 'c2s', 'one\r'],
      [1, 's2c', 'other stream'],
      [2, 'c2s', 'tw€o'],
      [3, 'c2s', ''],
      [4, 'c2s', 'rest'],
    ]);
    expect([...f.unterminated]).toEqual([4]);
  });
});

describe('readFrame', () => {
  it('classifies valid messages with the SDK schemas', () => {
    expect(readFrame(frame('{"jsonrpc":"2.0","id":"a","method":"ping"}')).message?.kind).toBe(
      'request',
    );
    expect(
      readFrame(frame('{"method":"notifications/initialized","jsonrpc":"2.0"}')).message?.kind,
    ).toBe('notification');
    expect(readFrame(frame('{"result":{},"jsonrpc":"2.0","id":0}')).message?.kind).toBe('result');
    expect(
      readFrame(frame('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}}')).message
        ?.kind,
    ).toBe('error');
  });

  it('names what is wrong with a frame', () => {
    const problem = (text: string) => readFrame(frame(text)).problem;
    expect(problem('{"id":1,"method":"ping"}')).toContain('no "jsonrpc" member');
    expect(problem('{"jsonrpc":"1.0","id":1,"method":"ping"}')).toContain(
      'it must be the string "2.0"',
    );
    expect(problem('{"jsonrpc":"2.0","id":null,"method":"ping"}')).toContain('"id": null');
    expect(problem('{"jsonrpc":"2.0","id":1.5,"method":"ping"}')).toContain('string or an integer');
    expect(problem('[{"jsonrpc":"2.0","id":1,"method":"ping"}]')).toContain('batch');
    expect(problem('hello')).toContain('is not JSON');
    expect(problem('')).toBe('is an empty line');
    expect(problem('{"jsonrpc":"2.0","id":1,"method":"ping","args":{}}')).toContain('"args"');
  });
});

describe('findSplitMessage', () => {
  it('finds a pretty-printed message spread over lines', () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }, null, 2).split('\n');
    const frames = [
      frame('{"jsonrpc":"2.0","id":0,"method":"ping"}', 0),
      ...text.map((t, i) => frame(t, i + 1)),
    ];
    expect(findSplitMessage(frames.map(readFrame), 'c2s')).toEqual(text.map((_, i) => i + 1));
    expect(findSplitMessage([frame('not json')].map(readFrame), 'c2s')).toBeNull();
  });
});

describe('SseParser', () => {
  it('splits events across chunk borders with CRLF, comments and multi-line data', () => {
    const events: { data: string; event?: string; id?: string }[] = [];
    const p = new SseParser((e) => events.push(e));
    p.push(': keep-alive\n\nid: 7\r\nevent: mess');
    p.push('age\r\ndata: {"a":\r\ndata: 1}\r\n\r\n');
    p.push('data: second\n');
    expect(events).toEqual([{ data: '{"a":\n1}', event: 'message', id: '7' }]);
    p.push('\n');
    expect(events[1]).toEqual({ data: 'second', event: undefined, id: undefined });
  });
});
