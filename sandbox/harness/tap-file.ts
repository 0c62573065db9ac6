// The harness's side of the stdio tap's record file: the relay appends records, the harness
// reads what is new, a complete line at a time, as often as it likes.
//
// The file lives in a private folder of its own in the system's temp folder, never in the
// work folder: the learner's program runs there, and a record it could write (the probe of
// an earlier probe wrote a passing session into .harness/tap.ndjson) would be judged as the wire.
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TapRecordParser, type TapRecord } from '../tap/record-file.ts';
import { notify } from './notices.ts';
import { atExit } from './at-exit.ts';

export class TapFile {
  /** Where the relay appends; handed to it on its command line. */
  readonly path: string;
  private readonly dir: string;
  private readonly fd: number;
  private offset = 0;
  private readonly parser = new TapRecordParser();
  private open = true;
  private readonly releaseAtExit: () => void;

  constructor() {
    // A fresh container may not have its temp folder yet.
    mkdirSync(tmpdir(), { recursive: true });
    // mkdtemp makes the folder readable and writable by this user only (0700).
    this.dir = mkdtempSync(join(tmpdir(), 'mcpw-tap-'));
    notify({ folder: this.dir });
    this.path = join(this.dir, 'tap.ndjson');
    closeSync(openSync(this.path, 'w', 0o600));
    this.fd = openSync(this.path, 'r');
    // A harness told to exit mid-run still removes the folder.
    this.releaseAtExit = atExit(this.close);
  }

  /** The records completed since the last call; none once closed. Throws TapRecordError. */
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

  /** Stops reading and removes the file with its folder. */
  readonly close = (): void => {
    if (!this.open) return;
    this.open = false;
    this.releaseAtExit();
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  };
}
