// The harness's side of the stdio tap's record file: the relay appends records, the harness
// reads what is new, a complete line at a time, as often as it likes.
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { TapRecordParser, type TapRecord } from '../tap/record-file.ts';

/** Makes an empty record file in the work folder and returns its path. */
export function createTapFile(work: string): string {
  mkdirSync(join(work, '.harness'), { recursive: true });
  const path = join(work, '.harness', 'tap.ndjson');
  closeSync(openSync(path, 'w'));
  return path;
}

export class TapFileReader {
  private readonly fd: number;
  private offset = 0;
  private readonly parser = new TapRecordParser();
  private open = true;

  constructor(path: string) {
    this.fd = openSync(path, 'r');
  }

  /** The records completed since the last call; none once closed. */
  read(): TapRecord[] {
    if (!this.open) return [];
    const buf = Buffer.alloc(64 * 1024);
    const records: TapRecord[] = [];
    for (;;) {
      const n = readSync(this.fd, buf, 0, buf.length, this.offset);
      if (n <= 0) break;
      this.offset += n;
      records.push(...this.parser.push(buf.subarray(0, n)));
    }
    return records;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.fd);
  }
}
