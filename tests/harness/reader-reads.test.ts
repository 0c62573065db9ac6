// A pause of split delivery ends once the reader has taken its piece in, as the reader's read
// counters tell (sandbox/tap/reader-reads.ts), and the pieces still reach it one read each.
// The reader is a real Node process reading its stdin, as a learner's client reads a server.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Says "ready", then reads a file again and again for half a second, once every 20 ms,
// before it starts reading its stdin.
const BUSY_READER = `
const { readFileSync } = require('node:fs');
process.stdout.write('ready\\n');
const until = Date.now() + 500;
while (Date.now() < until) {
  readFileSync(process.argv[1]);
  const next = Date.now() + 20;
  while (Date.now() < next);
}
process.stdin.on('data', (chunk) => process.stdout.write(chunk.length + '\\n'));
`;

type Reader = ChildProcessByStdio<Writable, Readable, null>;
const readers: Reader[] = [];
afterEach(() => {
  for (const r of readers.splice(0)) r.kill('SIGKILL');
});

/** A reading process, once it says it is ready, and the lengths of the reads it reports. */
async function startReader(
  script = READER,
  args: string[] = [],
): Promise<{ child: Reader; reads: number[]; next: () => Promise<number> }> {
  const child = spawn(process.execPath, ['-e', script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
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

/** Split delivery into the reader's stdin, reading its counters, pausing `gapMs` at most. */
function deliverTo(child: Reader, gapMs: number): { split: SplitDelivery; pieces: number[] } {
  const pieces: number[] = [];
  const split = new SplitDelivery(
    4242,
    (p) => {
      pieces.push(p.length);
      child.stdin.write(p);
    },
    { reader: () => readCounts(child.pid!), gapMs },
  );
  return { split, pieces };
}

describe('read counters', () => {
  it("move with a reader's read of a piece", async () => {
    const { child, next } = await startReader();
    const before = readCounts(child.pid!);
    expect(before).not.toBeNull();
    child.stdin.write('x'.repeat(40));
    expect(await next()).toBe(40);
    const now = readCounts(child.pid!)!;
    expect(now.bytes - before!.bytes).toBeGreaterThanOrEqual(40);
    expect(now.calls - before!.calls).toBeGreaterThanOrEqual(1);
  });

  it('say a piece is in only for exactly its read, alone or with one wake-up read', () => {
    const before = { bytes: 1000, calls: 10 };
    expect(tookPiece(before, { bytes: 1040, calls: 11 }, 40)).toBe(true);
    expect(tookPiece(before, { bytes: 1048, calls: 12 }, 40)).toBe(true);
    expect(tookPiece(before, { bytes: 1000, calls: 10 }, 40)).toBe(false);
    expect(tookPiece(before, { bytes: 1039, calls: 11 }, 40)).toBe(false);
    // One read of something else, or the piece with bytes written before it.
    expect(tookPiece(before, { bytes: 1100, calls: 11 }, 40)).toBe(false);
    // A file read whole (its data, then the empty read at its end), as a loading program does.
    expect(tookPiece(before, { bytes: 1100, calls: 12 }, 40)).toBe(false);
    expect(tookPiece(before, { bytes: 90_000, calls: 25 }, 40)).toBe(false);
    // A piece of 8 bytes reads like the wake-up of an event loop.
    expect(tookPiece(before, { bytes: 1008, calls: 11 }, 8)).toBe(false);
    expect(tookPiece(before, null, 40)).toBe(false);
  });

  it('cannot be read for a process that does not exist', () => {
    expect(readCounts(2 ** 30)).toBeNull();
  });
});

describe('split delivery to a reader whose counters it reads', () => {
  it("ends its pauses at the reader's reads, and every piece is a read of its own", async () => {
    const { child, reads } = await startReader();
    const { split, pieces } = deliverTo(child, 5_000);
    split.push(Buffer.from(LINE));
    await split.drained();
    await expect.poll(() => reads.length).toBe(pieces.length);
    expect(pieces.length).toBeGreaterThan(3);
    expect(split.pauses.all).toBe(pieces.length - 1);
    // Each pause ends at the read, a millisecond instead of five seconds; one may run out when
    // a wake-up of the reader's event loop lands beside its read and another one.
    expect(split.pauses.endedByRead).toBeGreaterThanOrEqual(split.pauses.all - 1);
    expect(reads).toEqual(pieces);
  });

  it("does not take a busy reader's reads of its own files for the piece", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcpw-reader-'));
    try {
      const file = join(folder, 'data.txt');
      writeFileSync(file, 'x'.repeat(100));
      // Busy for half a second reading a file (two read calls each time, like a program
      // loading its modules) before it reads its stdin at all.
      const { child, reads } = await startReader(BUSY_READER, [file]);
      const { split, pieces } = deliverTo(child, 1_500);
      split.push(Buffer.from(LINE));
      await split.drained();
      await expect.poll(() => reads.length).toBe(pieces.length);
      expect(reads).toEqual(pieces);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
