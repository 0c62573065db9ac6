// The one SSE parser: what the HTTP tap records for every event of a stream.
import { describe, expect, it } from 'vitest';
import { SseParser, parseSseBlock } from '../../sandbox/wire/sse.ts';

describe('SseParser', () => {
  it('splits events across chunk borders with CRLF, comments and multi-line data', () => {
    const p = new SseParser();
    expect(p.push(': keep-alive\n\nid: 7\r\nevent: mess')).toEqual([]);
    expect(p.push('age\r\ndata: {"a":\r\ndata: 1}\r\n\r\n')).toEqual([
      { data: '{"a":\n1}', event: 'message', id: '7' },
    ]);
    expect(p.push('data: second\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ data: 'second' }]);
  });

  it('reads a CRLF line end split between two chunks as one line end', () => {
    const p = new SseParser();
    expect(p.push('data: x\r')).toEqual([]);
    expect(p.push('\n\r\n')).toEqual([{ data: 'x' }]);
  });

  it('skips a block of comments or unknown fields: it is not an event', () => {
    const p = new SseParser();
    expect(p.push(': ping\n\nfoo: bar\nx\n\ndata: y\n\n')).toEqual([{ data: 'y' }]);
    expect(parseSseBlock('foo: 1\n: c')).toBeNull();
  });

  it('keeps an event with an id and no data (a priming event) and retry-only blocks', () => {
    expect(parseSseBlock('id: 1')).toEqual({ data: '', id: '1' });
    expect(parseSseBlock('retry: 500')).toEqual({ data: '', retry: '500' });
    expect(parseSseBlock('id: 2-0\nretry: 200\ndata: ')).toEqual({
      data: '',
      id: '2-0',
      retry: '200',
    });
    // A retry that is not a number is ignored, as the SSE standard says.
    expect(parseSseBlock('retry: soon')).toEqual({ data: '' });
  });

  it('reports a last block that the stream ended without a blank line', () => {
    const p = new SseParser();
    expect(p.push('data: {"jsonrpc":"2.0"')).toEqual([]);
    expect(p.end()).toEqual([{ data: '{"jsonrpc":"2.0"' }]);
    expect(p.end()).toEqual([]);
  });

  it('takes "data" without a colon as an empty data line and strips one leading space', () => {
    expect(parseSseBlock('data\ndata:  two')).toEqual({ data: '\n two' });
  });
});
