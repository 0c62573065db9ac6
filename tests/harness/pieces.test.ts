// The checks' own pure helper: finding one message pretty-printed over several lines.
// (Line framing, frame reading and SSE live in tests/wire/.)
import { describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { findSplitMessage } from '../../sandbox/checks/frames.ts';
import { readFrame } from '../../sandbox/wire/read.ts';

const frame = (text: string, seq = 0, dir: 'c2s' | 's2c' = 'c2s'): FrameRecord => ({
  seq,
  t: 0,
  dir,
  transport: 'stdio',
  text,
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
