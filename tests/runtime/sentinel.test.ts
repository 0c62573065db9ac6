import { describe, expect, it } from 'vitest';
import {
  createSentinelParser,
  formatSentinelLine,
  sentinelFor,
  stripAnsi,
  type SentinelItem,
} from '../../sandbox/runtime/shared/sentinel.ts';

const NONCE = 'n0nce';

function feed(chunks: string[], nonce = NONCE): SentinelItem[] {
  const p = createSentinelParser(nonce);
  return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
}

const events = (items: SentinelItem[]) =>
  items.filter((i) => i.kind === 'event').map((i) => (i as { value: unknown }).value);
const texts = (items: SentinelItem[]) =>
  items.filter((i) => i.kind === 'text').map((i) => (i as { text: string }).text);

describe('sentinel parser', () => {
  it('reads an event line and keeps other lines as text', () => {
    const line = formatSentinelLine(NONCE, { type: 'stdout', text: 'hi' });
    const items = feed([`booting\r\n${line.replace('\n', '\r\n')}bye\r\n`]);
    expect(events(items)).toEqual([{ type: 'stdout', text: 'hi' }]);
    expect(texts(items)).toEqual(['booting', 'bye']);
  });

  it('survives a chunk split anywhere, including inside the sentinel and the \\r\\n', () => {
    const ev = { type: 'frame', seq: 3, text: '{"jsonrpc":"2.0","id":1}' };
    const whole = `x\r\n${formatSentinelLine(NONCE, ev).replace('\n', '\r\n')}y\r\n`;
    for (let cut = 1; cut < whole.length; cut++) {
      const items = feed([whole.slice(0, cut), whole.slice(cut)]);
      expect(events(items)).toEqual([ev]);
      expect(texts(items)).toEqual(['x', 'y']);
    }
  });

  it('strips ANSI colour codes wrapped around a sentinel line', () => {
    const line = `\u001b[32m${sentinelFor(NONCE)}{"type":"done","ok":true}\u001b[0m\r\n`;
    expect(events(feed([line]))).toEqual([{ type: 'done', ok: true }]);
  });

  it('keeps ANSI-looking text inside JSON strings intact (JSON escapes ESC)', () => {
    const ev = { type: 'stdout', text: '\u001b[31mred\u001b[0m' };
    expect(events(feed([formatSentinelLine(NONCE, ev)]))).toEqual([ev]);
  });

  it('ignores a sentinel with another nonce (learner output cannot forge events)', () => {
    const forged = formatSentinelLine('other', { type: 'done', passed: true });
    const items = feed([forged]);
    expect(events(items)).toEqual([]);
    expect(texts(items)).toHaveLength(1);
  });

  it('reports a sentinel line with broken JSON as text, not silence', () => {
    const items = feed([`${sentinelFor(NONCE)}{"type":\r\n`]);
    expect(events(items)).toEqual([]);
    expect(texts(items)[0]).toContain('{"type":');
  });

  it('flushes a final line without a newline at end()', () => {
    const items = feed([`${sentinelFor(NONCE)}{"a":1}`]);
    expect(events(items)).toEqual([{ a: 1 }]);
  });

  it('handles many events in one chunk and one event over many chunks', () => {
    const many = [1, 2, 3].map((n) => formatSentinelLine(NONCE, { n })).join('');
    expect(events(feed([many]))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const one = formatSentinelLine(NONCE, { long: 'z'.repeat(5000) });
    expect(events(feed(one.match(/.{1,7}/gs) ?? []))).toEqual([{ long: 'z'.repeat(5000) }]);
  });
});

describe('stripAnsi', () => {
  it('removes CSI, OSC and two-byte escapes', () => {
    expect(stripAnsi('\u001b[1;31mA\u001b[0m\u001b]0;title\u0007B\u001bMC')).toBe('ABC');
  });
});
