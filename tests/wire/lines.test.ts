// Line framing: the one splitter and the Framer built on it, byte for byte.
import { describe, expect, it } from 'vitest';
import { Framer } from '../../sandbox/wire/framer.ts';
import { LineSplitter, TextLineSplitter, splitLines } from '../../sandbox/wire/lines.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';

const text = (bytes: Uint8Array[]) => bytes.map((b) => Buffer.from(b).toString('utf8'));

describe('LineSplitter', () => {
  it('cuts at \\n only, keeps \\r, joins a line across chunks and a split UTF-8 character', () => {
    const lines = new LineSplitter();
    const euro = Buffer.from('€');
    expect(text(lines.push(Buffer.from('a\r\nb')))).toEqual(['a\r']);
    expect(text(lines.push(euro.subarray(0, 1)))).toEqual([]);
    expect(text(lines.push(Buffer.concat([euro.subarray(1), Buffer.from('\n\nc')])))).toEqual([
      'b€',
      '',
    ]);
    expect(text([lines.end()!])).toEqual(['c']);
    expect(lines.end()).toBeNull();
  });

  it('does not keep a reference to a caller buffer that is reused', () => {
    const lines = new LineSplitter();
    const buf = Buffer.from('abc');
    lines.push(buf);
    buf.write('xyz');
    expect(text(lines.push(Buffer.from('\n')))).toEqual(['abc']);
  });
});

describe('TextLineSplitter', () => {
  it('joins a long line from many chunks and flushes the unterminated rest', () => {
    const lines = new TextLineSplitter();
    expect(lines.push('{"a":')).toEqual([]);
    expect(lines.push('1}')).toEqual([]);
    expect(lines.push('\n{"b"')).toEqual(['{"a":1}']);
    expect(lines.push(':2}\nx\ny')).toEqual(['{"b":2}', 'x']);
    expect(lines.end()).toBe('y');
    expect(lines.end()).toBeNull();
  });
});

describe('splitLines', () => {
  it('tells whether the last line ended', () => {
    expect(splitLines('a\nb\n')).toEqual({ lines: ['a', 'b'], lastEnded: true });
    expect(splitLines('a\nb')).toEqual({ lines: ['a', 'b'], lastEnded: false });
  });
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
    expect(f.frames).toEqual(frames);
  });

  it('numbers HTTP frames in the same sequence as lines', () => {
    const f = new Framer();
    f.push('a', 'c2s', Buffer.from('x\n'), 0);
    f.add({ t: 1.23456, dir: 's2c', transport: 'http', text: '' });
    expect(f.frames.map((x) => [x.seq, x.t])).toEqual([
      [0, 0],
      [1, 1.235],
    ]);
  });
});
