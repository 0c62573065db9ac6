// The record file the stdio relay appends to: one JSON object per line. Raw chunks are kept
// as base64 so that the harness, not the relay, decides where lines end (byte-exact).
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

/** Parse the complete lines of a record file; a torn last line is left for the next read. */
export function parseRecords(buf: Buffer): { records: TapRecord[]; consumed: number } {
  const records: TapRecord[] = [];
  let start = 0;
  for (;;) {
    const nl = buf.indexOf(10, start);
    if (nl === -1) break;
    const line = buf.toString('utf8', start, nl);
    start = nl + 1;
    if (line) records.push(JSON.parse(line) as TapRecord);
  }
  return { records, consumed: start };
}
