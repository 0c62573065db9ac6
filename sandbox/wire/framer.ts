// Turns the byte chunks of a recording into numbered frames: one frame per stdio line, per
// stream, in order of arrival, plus the HTTP frames a tap hands over whole. Bytes are kept
// exactly (a trailing \r stays in the text); a last line without a newline is flushed as a
// frame of its own and remembered as unterminated, because "the line never ended" is often
// the whole reason a peer never answered.
import { LineSplitter } from './lines.ts';
import type { Direction, FrameRecord } from './record.ts';

const decoder = new TextDecoder();

export class Framer {
  private readonly streams = new Map<string, { dir: Direction; lines: LineSplitter; t: number }>();
  private seq = 0;
  readonly frames: FrameRecord[] = [];
  readonly unterminated = new Set<number>();
  private readonly onFrame: (f: FrameRecord) => void;

  constructor(onFrame: (f: FrameRecord) => void = () => {}) {
    this.onFrame = onFrame;
  }

  /** Feeds one chunk of stdio stream `key` (e.g. relay pid + direction); t is ms since start. */
  push(key: string, dir: Direction, chunk: Uint8Array, t: number): void {
    let stream = this.streams.get(key);
    if (!stream) this.streams.set(key, (stream = { dir, lines: new LineSplitter(), t }));
    stream.t = t;
    for (const line of stream.lines.push(chunk)) this.emit(dir, line, t, false);
  }

  /** A frame that is not a line (an HTTP request, response or SSE event): number it and emit. */
  add(frame: Omit<FrameRecord, 'seq'>): void {
    this.record({ ...frame, seq: this.seq++, t: roundT(frame.t) });
  }

  /** Stream `key` ended: whatever is left becomes an unterminated frame. */
  end(key: string): void {
    const stream = this.streams.get(key);
    if (!stream) return;
    this.streams.delete(key);
    const rest = stream.lines.end();
    if (rest) this.emit(stream.dir, rest, stream.t, true);
  }

  endAll(): void {
    for (const key of [...this.streams.keys()]) this.end(key);
  }

  private emit(dir: Direction, bytes: Uint8Array, t: number, partial: boolean): void {
    const seq = this.seq++;
    if (partial) this.unterminated.add(seq);
    this.record({ seq, t: roundT(t), dir, transport: 'stdio', text: decoder.decode(bytes) });
  }

  private record(frame: FrameRecord): void {
    this.frames.push(frame);
    this.onFrame(frame);
  }
}

function roundT(t: number): number {
  return Math.max(0, Math.round(t * 1000) / 1000);
}
