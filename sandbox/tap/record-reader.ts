// Turns the stdio relay's record (record-file.ts) into frames and what else it saw: the
// server's stderr, its exit, the client closing stdin. One reader for the harness, which
// feeds it while a run goes on, and the capture tool, which feeds it a finished record, so
// a lesson's frames and a learner's frames are cut and numbered the same way.
import type { Framer } from '../wire/framer.ts';
import type { TapRecord } from './record-file.ts';

export interface RecordReaderEvents {
  /** Decoded text the server wrote to its stderr (not passed on to the client). */
  onStderr?(text: string, relay: number, byteLength: number): void;
  onExit?(exit: { code: number | null; signal: string | null }, relay: number): void;
  /** The server could not be started at all. */
  onSpawnError?(message: string): void;
  /** The relay stopped recording at its byte limit. */
  onLimit?(): void;
}

export class TapRecordReader {
  readonly framer: Framer;
  /** pids of relays that started (a client may start the server more than once). */
  readonly relays = new Set<number>();
  readonly exited = new Set<number>();
  /** The client closed the server's stdin. */
  stdinClosed = false;
  private readonly decoders = new Map<number, TextDecoder>();
  private readonly events: RecordReaderEvents;
  /** Record times are absolute; frames carry ms since t0. */
  private readonly t0: number;

  /** `framer` numbers the frames; the harness shares one with the HTTP peer's frames. */
  constructor(t0: number, framer: Framer, events: RecordReaderEvents = {}) {
    this.t0 = t0;
    this.framer = framer;
    this.events = events;
  }

  read(record: TapRecord): void {
    const t = record.t - this.t0;
    switch (record.k) {
      case 'start':
        this.relays.add(record.relay);
        break;
      case 'c2s':
      case 's2c':
        this.framer.push(`${record.relay}:${record.k}`, record.k, bytes(record), t);
        break;
      case 'c2s-end':
        this.stdinClosed = true;
        this.framer.end(`${record.relay}:c2s`);
        break;
      case 'err': {
        let decoder = this.decoders.get(record.relay);
        if (!decoder) this.decoders.set(record.relay, (decoder = new TextDecoder()));
        const chunk = bytes(record);
        const text = decoder.decode(chunk, { stream: true });
        this.events.onStderr?.(text, record.relay, chunk.length);
        break;
      }
      case 'spawn-error':
        this.events.onSpawnError?.(record.message ?? 'unknown error');
        break;
      case 'exit':
        this.exited.add(record.relay);
        this.framer.end(`${record.relay}:s2c`);
        this.framer.end(`${record.relay}:c2s`);
        this.events.onExit?.(
          { code: record.code ?? null, signal: record.signal ?? null },
          record.relay,
        );
        break;
      case 'limit':
        this.events.onLimit?.();
        break;
    }
  }

  /** Every relay that started has exited. */
  allExited(): boolean {
    return [...this.relays].every((relay) => this.exited.has(relay));
  }
}

function bytes(record: TapRecord): Uint8Array {
  return Buffer.from(record.b ?? '', 'base64');
}
