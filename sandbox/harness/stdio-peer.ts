// A stdio peer as the relay's records tell it (read by the tap's own TapRecordReader, the
// same reader the capture tool uses): its frames in both directions, its stderr, when the
// program closed its stdin, and when it exited.
import type { ProcessRecord } from '../contract/check.ts';
import { TapRecordError, type TapRecord } from '../tap/record-file.ts';
import { TapRecordReader } from '../tap/record-reader.ts';
import { ByteBudget, type Stopper } from './limits.ts';
import type { Peer, PeerSetup } from './peer.ts';

/** Where the records come from: the relay's file (tap-file.ts) or the dock (dock.ts). */
export interface RecordSource {
  /** The records made since the last call; none once closed. Throws TapRecordError. */
  read(): TapRecord[];
  /** Stops reading and ends what the source holds. */
  close(): void | Promise<void>;
}

export class StdioPeer implements Peer {
  readonly args: string[];
  readonly record: ProcessRecord = { stdout: '', stderr: '', exit: null };
  damage: TapRecordError | null = null;
  private readonly file: RecordSource;
  private readonly records: TapRecordReader;
  private readonly stopper: Stopper;

  constructor(args: string[], file: RecordSource, setup: PeerSetup) {
    this.args = args;
    this.file = file;
    const { framer, stopper, t0, emit, source } = setup;
    this.stopper = stopper;
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
    if (this.damage) return;
    try {
      for (const record of this.file.read()) this.records.read(record);
    } catch (err) {
      if (!(err instanceof TapRecordError)) throw err;
      // Nothing after a damaged line can be trusted: stop the run; the session reports it.
      this.damage = err;
      this.stopper.stop('error');
    }
  }

  /** A stdio server's stdin is the wire: what the program prints goes nowhere else. */
  printed(): void {}

  async finish(): Promise<void> {
    this.poll();
    await this.file.close();
  }
}
