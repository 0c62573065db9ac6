// Turns raw byte chunks into frames: one frame per line, per stream, in order of arrival.
// Bytes are kept exactly (a trailing \r stays in the text); a last line without newline is
// flushed as a frame of its own and remembered as unterminated, because "the line never
// ended" is often the whole reason a peer never answered.
import type { Direction, FrameRecord } from '../wire/record.ts';

export class Framer {
  private pending = new Map<string, { dir: Direction; bytes: Buffer; t: number }>();
  private seq = 0;
  readonly frames: FrameRecord[] = [];
  readonly unterminated = new Set<number>();
  private readonly onFrame: (f: FrameRecord) => void;

  constructor(onFrame: (f: FrameRecord) => void) {
    this.onFrame = onFrame;
  }

  /** Feed one chunk from stream `key` (e.g. relay pid + direction); t is ms since start. */
  push(key: string, dir: Direction, chunk: Buffer, t: number): void {
    const prev = this.pending.get(key);
    let buf = prev ? Buffer.concat([prev.bytes, chunk]) : chunk;
    let nl: number;
    while ((nl = buf.indexOf(10)) !== -1) {
      this.emit(dir, buf.subarray(0, nl), t, false);
      buf = buf.subarray(nl + 1);
    }
    if (buf.length > 0) this.pending.set(key, { dir, bytes: Buffer.from(buf), t });
    else this.pending.delete(key);
  }

  /** A frame that is not a line (an HTTP request, response or SSE event): number it and emit. */
  add(frame: Omit<FrameRecord, 'seq'>): void {
    const f: FrameRecord = {
      ...frame,
      seq: this.seq++,
      t: Math.max(0, Math.round(frame.t * 1000) / 1000),
    };
    this.frames.push(f);
    this.onFrame(f);
  }

  /** The stream ended: whatever is left becomes an unterminated frame. */
  end(key: string): void {
    const rest = this.pending.get(key);
    if (!rest) return;
    this.pending.delete(key);
    this.emit(rest.dir, rest.bytes, rest.t, true);
  }

  endAll(): void {
    for (const key of [...this.pending.keys()]) this.end(key);
  }

  private emit(dir: Direction, bytes: Buffer, t: number, partial: boolean): void {
    const frame: FrameRecord = {
      seq: this.seq++,
      t: Math.max(0, Math.round(t * 1000) / 1000),
      dir,
      transport: 'stdio',
      text: bytes.toString('utf8'),
    };
    if (partial) this.unterminated.add(frame.seq);
    this.frames.push(frame);
    this.onFrame(frame);
  }
}
