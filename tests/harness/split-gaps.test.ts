// Where split delivery pauses (sandbox/tap/split-delivery.ts): after a piece that ends inside
// a line, and nowhere else, so that a reply never waits out a pause that protects no cut.
import { describe, expect, it } from 'vitest';
import { PIECE_GAP_MS, SplitDelivery } from '../../sandbox/tap/split-delivery.ts';

const LINE = '{"jsonrpc":"2.0","id":1,"result":{"route":"Pune → Orléans"}}\n';

function delivery(): { split: SplitDelivery; pieces: { at: number; text: string }[] } {
  const pieces: { at: number; text: string }[] = [];
  const split = new SplitDelivery(4242, (p) =>
    pieces.push({ at: performance.now(), text: p.toString('latin1') }),
  );
  return { split, pieces };
}

describe('split delivery pauses', () => {
  it('pauses after each piece that ends inside the line, then hands over the rest', async () => {
    const { split, pieces } = delivery();
    split.push(Buffer.from(LINE));
    await split.drained();
    expect(Buffer.concat(pieces.map((p) => Buffer.from(p.text, 'latin1'))).toString()).toBe(LINE);
    expect(pieces.length).toBeGreaterThan(2);
    for (let i = 1; i < pieces.length; i++) {
      // Timers may fire a millisecond early by the clock used here.
      expect(pieces[i]!.at - pieces[i - 1]!.at).toBeGreaterThanOrEqual(PIECE_GAP_MS - 1);
    }
  });

  it('is drained as soon as a line has gone out whole, and the next line starts at once', async () => {
    let whole: () => void = () => {};
    const lineOut = new Promise<void>((resolve) => (whole = resolve));
    const pieces: string[] = [];
    const split = new SplitDelivery(4242, (p) => {
      pieces.push(p.toString('latin1'));
      if (Buffer.byteLength(pieces.join(''), 'latin1') === Buffer.byteLength(LINE)) whole();
    });
    split.push(Buffer.from(LINE));
    await lineOut;
    // The line's last piece has just been written: nothing is pending and no pause runs, so
    // it is drained before any timer could fire.
    const first = await Promise.race([
      split.drained().then(() => 'drained'),
      new Promise((resolve) => setImmediate(() => resolve('a turn of the event loop later'))),
    ]);
    expect(first).toBe('drained');
    const before = pieces.length;
    split.push(Buffer.from(LINE));
    // Written within push(): no pause between the end of one line and the head of the next.
    expect(pieces.length).toBe(before + 1);
    await split.drained();
  });
});
