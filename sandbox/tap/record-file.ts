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

const KINDS = new Set<TapRecord['k']>([
  'start',
  'c2s',
  'c2s-end',
  's2c',
  'err',
  'exit',
  'spawn-error',
  'limit',
]);

/**
 * A line of the record file that is no record. Only the relay writes the file, so this
 * means the record was damaged: nothing it holds can be trusted to judge a run.
 */
export class TapRecordError extends Error {
  constructor(line: number, problem: string) {
    super(`the tap record is damaged: line ${line} ${problem}`);
    this.name = 'TapRecordError';
  }
}

/** Reads records from the file's bytes as they grow; a torn last line waits for its end. */
export class TapRecordParser {
  private readonly lines = new LineSplitter();
  private count = 0;

  /** Throws TapRecordError at the first line that is not a record. */
  push(chunk: Uint8Array): TapRecord[] {
    const records: TapRecord[] = [];
    for (const line of this.lines.push(chunk)) {
      this.count++;
      if (line.length > 0) records.push(toRecord(decoder.decode(line), this.count));
    }
    return records;
  }
}

function toRecord(text: string, line: number): TapRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TapRecordError(line, 'is not JSON');
  }
  const problem = problemOf(value);
  if (problem) throw new TapRecordError(line, problem);
  return value as TapRecord;
}

function problemOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'is not a JSON object';
  }
  const r = value as Record<string, unknown>;
  if (!Number.isInteger(r.relay)) return 'has no relay pid';
  if (typeof r.t !== 'number' || !Number.isFinite(r.t)) return 'has no time';
  if (!KINDS.has(r.k as TapRecord['k'])) return `has an unknown kind ${JSON.stringify(r.k)}`;
  if (r.b !== undefined && typeof r.b !== 'string') return 'has bytes that are not base64 text';
  if (r.message !== undefined && typeof r.message !== 'string')
    return 'has a message that is not text';
  if (r.code !== undefined && r.code !== null && typeof r.code !== 'number') {
    return 'has an exit code that is not a number';
  }
  if (r.signal !== undefined && r.signal !== null && typeof r.signal !== 'string') {
    return 'has a signal that is not text';
  }
  if (
    r.command !== undefined &&
    !(Array.isArray(r.command) && r.command.every((w) => typeof w === 'string'))
  ) {
    return 'has a command that is not a list of words';
  }
  return null;
}

/** Every complete record of a finished record file. */
export function parseRecordFile(bytes: Uint8Array): TapRecord[] {
  return new TapRecordParser().push(bytes);
}
