// A pause of split delivery ends once the reader has taken its piece in, as the reader's read
// counters tell (sandbox/tap/reader-reads.ts), and the pieces still reach it one read each.
// The reader is a real Node process reading its stdin, as a learner's client reads a server.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readCounts, tookPiece } from '../../sandbox/tap/reader-reads.ts';
import { SplitDelivery } from '../../sandbox/tap/split-delivery.ts';
import { TextLineSplitter } from '../../sandbox/wire/lines.ts';

const LINE = '{"jsonrpc":"2.0","id":1,"result":{"route":"Pune → Orléans, ça va"}}\n';

// Says "ready" once it listens, then the length of every read it makes, one per line.
const READER = `
process.stdin.on('data', (chunk) => process.stdout.write(chunk.length + '\\n'));
process.stdout.write('ready\\n');
`;

type Reader = ChildProcessByStdio<Writable, Readable, null>;
const readers: Reader[] = [];
afterEach(() => {
  for (const r of readers.splice(0)) r.kill('SIGKILL');
});

/** A reading process, once it listens, and the lengths of the reads it reports. */
async function startReader(): Promise<{
  child: Reader;
  reads: number[];
  next: () => Promise<number>;
}> {
  const child = spawn(process.execPath, ['-e', READER], { stdio: ['pipe', 'pipe', 'inherit'] });
  readers.push(child);
  const reads: number[] = [];
  const waiting: ((n: number) => void)[] = [];
  const lines = new TextLineSplitter();
  let ready: () => void = () => {};
  const listening = new Promise<void>((resolve) => (ready = resolve));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    for (const line of lines.push(text)) {
      if (line === 'ready') ready();
      else {
        reads.push(Number(line));
        waiting.shift()?.(Number(line));
      }
    }
  });
  await listening;
  return { child, reads, next: () => new Promise((resolve) => waiting.push(resolve)) };
}

describe('a reader taking a piece in', () => {
  it('shows in its read counters: one read of at least the piece', async () => {
    const { child, next } = await startReader();
    const before = readCounts(child.pid!);
    expect(before).not.toBeNull();
    expect(tookPiece(before!, readCounts(child.pid!), 40)).toBe(false);
    child.stdin.write('x'.repeat(40));
    expect(await next()).toBe(40);
    expect(tookPiece(before!, readCounts(child.pid!), 40)).toBe(true);
  });

  it('is not claimed on counters that show too few bytes, no read, or other reads as well', () => {
    const before = { bytes: 1000, calls: 10 };
    expect(tookPiece(before, { bytes: 1040, calls: 11 }, 40)).toBe(true);
    // The wake-up of an event loop may be read along with the piece.
    expect(tookPiece(before, { bytes: 1048, calls: 12 }, 40)).toBe(true);
    expect(tookPiece(before, { bytes: 1039, calls: 11 }, 40)).toBe(false);
    expect(tookPiece(before, { bytes: 1000, calls: 10 }, 40)).toBe(false);
    // A program still loading reads its files: whether the piece is in, that cannot tell.
    expect(tookPiece(before, { bytes: 90_000, calls: 25 }, 40)).toBe(false);
    expect(tookPiece(before, null, 40)).toBe(false);
  });

  it('cannot be read for a process that does not exist', () => {
    expect(readCounts(2 ** 30)).toBeNull();
  });
});

describe('split delivery to a reader whose counters it reads', () => {
  it('ends every pause at the read, and every piece is a read of its own', async () => {
    const { child, reads } = await startReader();
    const pieces: number[] = [];
    // Pauses this long would show: every one must end at the reader's read instead.
    const split = new SplitDelivery(
      4242,
      (p) => {
        pieces.push(p.length);
        child.stdin.write(p);
      },
      { reader: () => readCounts(child.pid!), gapMs: 60_000 },
    );
    split.push(Buffer.from(LINE));
    await split.drained();
    await expect.poll(() => reads.length).toBe(pieces.length);
    expect(pieces.length).toBeGreaterThan(3);
    expect(split.pauses.all).toBe(pieces.length - 1);
    expect(split.pauses.endedByRead).toBe(split.pauses.all);
    expect(reads).toEqual(pieces);
  });
});
