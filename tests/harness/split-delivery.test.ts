// A check run's tap cuts what a client reads (sandbox/tap/split-delivery.ts): no read is ever
// a whole line, characters are cut in two, lines meet in one read; the record and the frames
// keep the bytes exactly as the peer wrote them, and the run names its seed.
import { describe, expect, it } from 'vitest';
import { collect, FIXTURE_EXERCISES, keeper } from './helpers.ts';

const LINES = [
  '{"jsonrpc":"2.0","id":1,"result":{"carrier":"Correos Exprés"}}',
  '{"jsonrpc":"2.0","method":"notifications/message","params":{}}',
  '{"jsonrpc":"2.0","id":2,"result":{"route":"Pune → Orléans"}}',
  '{"jsonrpc":"2.0","id":3,"result":{}}',
];

describe('split delivery in a check run', () => {
  it('cuts every line the program reads and keeps the record byte-exact', async () => {
    const { check, records } = keeper();
    const { events, summary } = await collect({
      exercise: 'reads',
      exercisesRoot: FIXTURE_EXERCISES,
      mode: 'check',
      seed: 4242,
      checks: { reads: [check] },
    });
    expect(summary.verdict, summary.summary).toBe('completed');
    expect(summary.seed).toBe(4242);
    expect(events.at(-1)).toMatchObject({ type: 'done', seed: 4242 });
    const [record] = records;
    expect(record.seed).toBe(4242);
    expect(record.splitDelivery).toBe(true);
    expect(record.frames.filter((f) => f.dir === 's2c').map((f) => f.text)).toEqual(LINES);

    const reads = record.program.stdout
      .trim()
      .split('\n')
      .map((b64) => Buffer.from(b64, 'base64'));
    const stream = Buffer.concat(reads);
    expect(stream.toString('utf8')).toBe(LINES.map((l) => `${l}\n`).join(''));
    // No read holds a line from its first byte to its newline.
    let at = 0;
    const lineSpans = LINES.map((l) => {
      const span = [at, at + Buffer.byteLength(l) + 1];
      at = span[1];
      return span;
    });
    let offset = 0;
    for (const read of reads) {
      const [from, to] = [offset, offset + read.length];
      for (const [s, e] of lineSpans)
        expect(from <= s && e <= to, `read ${from}-${to}`).toBe(false);
      offset = to;
    }
    // Decoded on their own, reads garble the multi-byte characters; some read joins two lines.
    expect(reads.filter((r) => r.toString('utf8').includes('\uFFFD')).length).toBeGreaterThan(0);
    expect(reads.some((r) => r.indexOf(0x0a) !== -1 && r.indexOf(0x0a) < r.length - 1)).toBe(true);
  });

  it('leaves run mode alone: no seed, no cuts', async () => {
    const { summary } = await collect({
      exercise: 'reads',
      exercisesRoot: FIXTURE_EXERCISES,
      mode: 'run',
      seed: 4242,
      checks: {},
    });
    expect(summary.verdict).toBe('completed');
    expect(summary.seed).toBeUndefined();
  });
});
