// The relay's way of passing the server's stdout on in a check run: the same bytes, in the
// pieces cuts.ts chooses, a piece that ends inside a line written only once the reader has
// taken it in as a read of its own (as its read counters tell, reader-reads.ts), or after a
// pause long enough for that. Recording is untouched (the relay records what the server
// wrote before it is queued here), so frames stay byte-exact.
import { nextPiece } from './cuts.ts';
import { readCounts, tookPiece, type ReadCounts } from './reader-reads.ts';

/**
 * The longest pause, for when the reader's counters do not tell (no /proc, or a reader busy
 * with other reads): long enough for a reader to take a piece in before the next one lands.
 * An idle Node reader beside 16 busy loops on 2 cores never merged pieces 5 ms apart (0 in
 * 300), but 10 ms was not enough in CI for a client just started and still busy when its
 * first reply came: a client that parses each chunk as a message then failed at frame 4
 * instead of frame 1.
 */
export const PIECE_GAP_MS = 20;
/** How often a pause looks whether the reader has taken the piece in (reader-reads.ts). */
const READ_POLL_MS = 1;

export interface SplitOptions {
  /**
   * The read counters of the program that reads what is written (reader-reads.ts): a pause
   * then ends as soon as they show the piece taken in. Without them, every pause is a full one.
   */
  reader?: () => ReadCounts | null;
  /** The longest pause (tests of a busy reader lengthen it). */
  gapMs?: number;
}

export class SplitDelivery {
  private pending: Buffer = Buffer.alloc(0);
  private atLineStart = true;
  private cuts = 0;
  private timer: NodeJS.Timeout | null = null;
  private idle: (() => void)[] = [];
  private readonly write: (piece: Buffer) => void;
  private readonly seed: number;
  private readonly reader: () => ReadCounts | null;
  private readonly gapMs: number;
  /** Pauses so far, and how many of them ended because the reader had taken its piece in. */
  readonly pauses = { all: 0, endedByRead: 0 };

  constructor(seed: number, write: (piece: Buffer) => void, options: SplitOptions = {}) {
    this.seed = seed;
    this.write = write;
    this.reader = options.reader ?? (() => null);
    this.gapMs = options.gapMs ?? PIECE_GAP_MS;
  }

  push(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    if (!this.timer) this.deliver();
  }

  /** Resolves once every byte pushed so far has been written. */
  drained(): Promise<void> {
    if (this.pending.length === 0 && !this.timer) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private deliver(): void {
    this.timer = null;
    // Counted before anything is written: a reader on another core may take a piece at once.
    // (A line's last piece, which needs no pause, may still be unread here; should the reader
    // take exactly it, and it be exactly as long as the next cut piece, that pause ends early:
    // the odds of both are small, and the other cuts of the run still hold.)
    const before = this.pending.length > 0 ? this.reader() : null;
    let written = 0;
    while (this.pending.length > 0) {
      const { length, cut } = nextPiece(this.pending, this.atLineStart, this.seed, this.cuts);
      if (cut) this.cuts++;
      const piece = this.pending.subarray(0, length);
      this.pending = this.pending.subarray(length);
      this.atLineStart = piece[piece.length - 1] === 0x0a;
      // Only a piece that ends inside a line needs its own read: a read that takes it with
      // what follows starts or ends mid-line either way, so none is ever a whole line. After
      // a line's end the next piece goes at once, and a reply no longer waits out a gap that
      // protected nothing.
      this.write(piece);
      written += piece.length;
      if (!this.atLineStart) {
        this.pause(before, written);
        return;
      }
    }
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Until the reader has taken in the `size` bytes just written, or the longest pause. */
  private pause(before: ReadCounts | null, size: number): void {
    this.pauses.all++;
    if (!before) {
      this.timer = setTimeout(() => this.deliver(), this.gapMs);
      return;
    }
    const until = performance.now() + this.gapMs;
    const look = () => {
      if (tookPiece(before, this.reader(), size)) {
        this.pauses.endedByRead++;
        this.deliver();
      } else if (performance.now() >= until) this.deliver();
      else this.timer = setTimeout(look, READ_POLL_MS);
    };
    this.timer = setTimeout(look, READ_POLL_MS);
  }
}

/**
 * A tap's split delivery of the server's stdout in a check run (none without a seed): the
 * program that started the tap reads that stdout, so its read counters end the pauses.
 */
export function splitToParent(
  seed: number | undefined,
  write: (piece: Buffer) => void,
): SplitDelivery | null {
  if (seed === undefined) return null;
  return new SplitDelivery(seed, write, { reader: () => readCounts(process.ppid) });
}
