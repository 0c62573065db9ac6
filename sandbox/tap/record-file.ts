// The record file the stdio relay appends to: one JSON object per line. Raw chunks are kept
// as base64 so that the harness, not the relay, decides where lines end (byte-exact).
import { LineSplitter } from '../wire/lines.ts';

const decoder = new TextDecoder();
export interface TapRecord {
  /** pid of the relay that wrote the record (a client may start the server more than once). */
  relay: number;
  /** Absolute time in ms (performance.timeOrigin + now), comparable across processes. */
  t: number;
  k: 'start' | 'c2s' | 'c2s-end' | 's2c' | 'err' | 'exit' | 'spawn-error' | 'limit';
  b?: string;
  command?: string[];
  code?: number | null;
  signal?: string | null;
  message?: string;
}

/** Reads records from the file's bytes as they grow; a torn last line waits for its end. */
export class TapRecordParser {
  private readonly lines = new LineSplitter();

  push(chunk: Uint8Array): TapRecord[] {
    return this.lines
      .push(chunk)
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(decoder.decode(line)) as TapRecord);
  }
}

/** Every complete record of a finished record file. */
export function parseRecordFile(bytes: Uint8Array): TapRecord[] {
  return new TapRecordParser().push(bytes);
}
