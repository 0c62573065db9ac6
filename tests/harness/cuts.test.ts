// Where the tap cuts a client's reads in a check run (sandbox/tap/cuts.ts): never a whole
// line in one piece, in the middle of a multi-byte character when a line has one, lines run
// together when they are already there, the same cuts for the same seed, and the bytes intact.
import { describe, expect, it } from 'vitest';
import { nextPiece } from '../../sandbox/tap/cuts.ts';

/** Cuts `text` the way the relay does, all of it already pending. */
function pieces(text: string, seed: number): Buffer[] {
  let pending = Buffer.from(text);
  let atLineStart = true;
  let cuts = 0;
  const out: Buffer[] = [];
  while (pending.length > 0) {
    const { length, cut } = nextPiece(pending, atLineStart, seed, cuts);
    if (cut) cuts++;
    out.push(pending.subarray(0, length));
    atLineStart = pending[length - 1] === 0x0a;
    pending = pending.subarray(length);
  }
  return out;
}

const ASCII = '{"jsonrpc":"2.0","id":1,"result":{"ok":true}}\n';
const ACCENTED =
  '{"jsonrpc":"2.0","id":2,"result":{"text":"Exprés","carrier":"Chronopost → Orléans"}}\n';

describe('the tap cuts', () => {
  it('keeps every byte, in order', () => {
    for (const seed of [1, 2, 3, 99]) {
      expect(Buffer.concat(pieces(ASCII + ACCENTED, seed)).toString()).toBe(ASCII + ACCENTED);
    }
  });

  it('never hands over a whole line, nor one that parses', () => {
    for (let seed = 1; seed < 200; seed++) {
      for (const piece of pieces(ASCII + ACCENTED + ASCII, seed)) {
        for (const line of piece.toString().split('\n').filter(Boolean)) {
          expect(() => JSON.parse(line), `seed ${seed}: ${line}`).toThrow();
        }
      }
    }
  });

  it('cuts every multi-byte character in two', () => {
    for (let seed = 1; seed < 50; seed++) {
      const decodedAlone = pieces(ACCENTED, seed).map((p) => p.toString());
      expect(decodedAlone.filter((p) => p.endsWith('\uFFFD'))).toHaveLength(3);
      expect(decodedAlone.join('')).not.toMatch(/[éÉ→]/);
    }
  });

  it('runs the end of one line into the head of the next when both are there', () => {
    const [, middle] = pieces(ASCII + ACCENTED, 7);
    expect(middle.toString()).toContain('}\n{');
  });

  it('cuts the same way for the same seed, differently for others', () => {
    const lengths = (seed: number) => pieces(ASCII + ASCII, seed).map((p) => p.length);
    expect(lengths(5)).toEqual(lengths(5));
    expect(new Set([1, 2, 3, 4, 5].map((s) => lengths(s).join()))).not.toHaveProperty('size', 1);
  });
});
