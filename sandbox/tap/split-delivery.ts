// The relay's way of passing the server's stdout on in a check run: the same bytes, in the
// pieces cuts.ts chooses, a piece that ends inside a line written a moment before the next
// so that the reader takes it in as a read of its own. Recording is untouched (the relay
// records what the server wrote before it is queued here), so frames stay byte-exact.
import { nextPiece } from './cuts.ts';

/**
 * Long enough for a reader to take a piece in before the next one lands. An idle Node reader
 * beside 16 busy loops on 2 cores never merged pieces 5 ms apart (0 in 300), but 10 ms was
 * not enough in CI for a client just started and still busy when its first reply came:
 * watch-an-order's chunk-is-message fixture then failed at frame 4 instead of frame 1.
 */
export const PIECE_GAP_MS = 20;

export class SplitDelivery {
  private pending: Buffer = Buffer.alloc(0);
  private atLineStart = true;
  private cuts = 0;
  private timer: NodeJS.Timeout | null = null;
  private idle: (() => void)[] = [];
  private readonly write: (piece: Buffer) => void;
  private readonly seed: number;

  constructor(seed: number, write: (piece: Buffer) => void) {
    this.seed = seed;
    this.write = write;
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
    while (this.pending.length > 0) {
      const { length, cut } = nextPiece(this.pending, this.atLineStart, this.seed, this.cuts);
      if (cut) this.cuts++;
      const piece = this.pending.subarray(0, length);
      this.pending = this.pending.subarray(length);
      this.atLineStart = piece[piece.length - 1] === 0x0a;
      this.write(piece);
      // Only a piece that ends inside a line needs its own read: a read that takes it with
      // what follows starts or ends mid-line either way, so none is ever a whole line. After
      // a line's end the next piece goes at once, and a reply no longer waits out a gap that
      // protected nothing.
      if (!this.atLineStart) {
        this.timer = setTimeout(() => this.deliver(), PIECE_GAP_MS);
        return;
      }
    }
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
