// A stdio peer as the relay's records tell it (read by the tap's own TapRecordReader, the
// same reader the capture tool uses): its frames in both directions, its stderr, when the
// program closed its stdin, and when it exited.
import type { ProcessRecord } from '../contract/check.ts';
import { TapRecordReader } from '../tap/record-reader.ts';
import { ByteBudget } from './limits.ts';
import type { Peer, PeerSetup } from './peer.ts';
import type { TapFileReader } from './tap-file.ts';

export class StdioPeer implements Peer {
  readonly args: string[];
  readonly record: ProcessRecord = { stdout: '', stderr: '', exit: null };
  private readonly file: TapFileReader;
  private readonly records: TapRecordReader;

  constructor(args: string[], file: TapFileReader, setup: PeerSetup) {
    this.args = args;
    this.file = file;
    const { framer, stopper, t0, emit, source } = setup;
    const stderrBytes = new ByteBudget(setup.limits.maxOutputBytes);
    const report = (text: string): void => {
      this.record.stderr += text;
      emit({ type: 'stderr', source, text });
    };
    this.records = new TapRecordReader(t0, framer, {
      onStderr: (text, _relay, bytes) => {
        if (!stderrBytes.spend(bytes)) return stopper.stop('output-limit');
        if (text) report(text);
      },
      onSpawnError: (message) => report(`could not start the server: ${message}\n`),
      onExit: (exit) => {
        this.record.exit = exit;
        emit({ type: 'exit', source, ...exit });
      },
      onLimit: () => stopper.stop('output-limit'),
    });
  }

  get stdinClosed(): boolean {
    return this.records.stdinClosed;
  }

  get started(): boolean {
    return this.records.relays.size > 0;
  }

  get exited(): boolean {
    return this.records.allExited();
  }

  poll(): void {
    for (const record of this.file.read()) this.records.read(record);
  }

  async finish(): Promise<void> {
    this.poll();
    this.file.close();
  }
}
