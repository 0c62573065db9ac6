// HTTP frames grouped back into exchanges: a request, its status line and its SSE events by
// the exchange number the proxy recorded, whatever order the frames of two exchanges came in.
import { describe, expect, it } from 'vitest';
import { exchangeName, groupExchanges, statusOf } from '../../sandbox/wire/exchanges.ts';
import { pairFrames } from '../../sandbox/wire/pair.ts';
import type { FrameRecord, HttpMeta } from '../../sandbox/wire/record.ts';

let seq = 0;
const f = (
  dir: 'c2s' | 's2c',
  http: Partial<HttpMeta> & Pick<HttpMeta, 'exchange' | 'part'>,
  body: object | '' = '',
): FrameRecord => ({
  seq: seq++,
  t: 0,
  dir,
  transport: 'http',
  text: body === '' ? '' : JSON.stringify({ jsonrpc: '2.0', ...body }),
  http: { headers: {}, ...http },
});

describe('groupExchanges', () => {
  it('puts each response and event with its own request, even interleaved', () => {
    seq = 0;
    const frames = [
      f(
        'c2s',
        { exchange: 0, part: 'request', method: 'POST', headers: { accept: 'text/event-stream' } },
        { id: 1, method: 'tools/call', params: {} },
      ),
      f('c2s', { exchange: 1, part: 'request', method: 'GET' }),
      f('s2c', { exchange: 0, part: 'response', status: 200 }),
      f('s2c', { exchange: 1, part: 'response', status: 405 }),
      f('s2c', { exchange: 0, part: 'sse', id: '1-0' }, { id: 1, result: {} }),
      // A response whose request was never recorded belongs nowhere.
      f('s2c', { exchange: 7, part: 'response', status: 500 }),
    ];
    const all = groupExchanges(pairFrames(frames).readings);
    expect(all.map(exchangeName)).toEqual(['POST tools/call', 'GET']);
    expect(all.map(statusOf)).toEqual([200, 405]);
    expect(all[0]!.headers).toEqual({ accept: 'text/event-stream' });
    expect(all[0]!.events.map((e) => e.frame.seq)).toEqual([4]);
    expect(all[1]!.events).toEqual([]);
  });

  it('skips stdio frames', () => {
    seq = 0;
    const stdio: FrameRecord = { seq: 0, t: 0, dir: 'c2s', transport: 'stdio', text: '{}' };
    expect(groupExchanges(pairFrames([stdio]).readings)).toEqual([]);
  });
});
