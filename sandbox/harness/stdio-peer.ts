// A stdio peer as the relay's records tell it: its frames in both directions, its stderr,
// when the program closed its stdin, and when it exited. A client may start the server more
// than once, so every record names the relay (pid) it came from.
import { StringDecoder } from 'node:string_decoder';
import type { ProcessRecord } from '../contract/check.ts';
import type { TapRecord } from '../tap/record-file.ts';
import { ByteBudget } from './limits.ts';
import type { Peer, PeerSetup } from './peer.ts';
import type { TapFileReader } from './tap-file.ts';

export class StdioPeer implements Peer {
  readonly args: string[];
  readonly record: ProcessRecord = { stdout: '', stderr: '', exit: null };
  stdinClosed = false;
  private readonly reader: TapFileReader;
  private readonly setup: PeerSetup;
  private readonly relays = new Set<number>();
  private readonly exitedRelays = new Set<number>();
  private readonly stderrDecoders = new Map<number, StringDecoder>();
  private readonly stderrBytes: ByteBudget;

  constructor(args: string[], reader: TapFileReader, setup: PeerSetup) {
    this.args = args;
    this.reader = reader;
    this.setup = setup;
    this.stderrBytes = new ByteBudget(setup.limits.maxOutputBytes);
  }

  get started(): boolean {
    return this.relays.size > 0;
  }

  get exited(): boolean {
    return [...this.relays].every((r) => this.exitedRelays.has(r));
  }

  poll(): void {
    for (const r of this.reader.read()) this.take(r);
  }

  async finish(): Promise<void> {
    this.poll();
    this.reader.close();
  }

  private take(r: TapRecord): void {
    const { framer, stopper, t0 } = this.setup;
    switch (r.k) {
      case 'start':
        this.relays.add(r.relay);
        break;
      case 'c2s':
      case 's2c':
        framer.push(`${r.relay}:${r.k}`, r.k, Buffer.from(r.b ?? '', 'base64'), r.t - t0);
        break;
      case 'c2s-end':
        this.stdinClosed = true;
        framer.end(`${r.relay}:c2s`);
        break;
      case 'err':
        this.takeStderr(r.relay, Buffer.from(r.b ?? '', 'base64'));
        break;
      case 'spawn-error':
        this.report(`could not start the server: ${r.message}\n`);
        break;
      case 'exit': {
        this.exitedRelays.add(r.relay);
        framer.end(`${r.relay}:s2c`);
        framer.end(`${r.relay}:c2s`);
        const exit = { code: r.code ?? null, signal: r.signal ?? null };
        this.record.exit = exit;
        this.setup.emit({ type: 'exit', source: this.setup.source, ...exit });
        break;
      }
      case 'limit':
        stopper.stop('output-limit');
        break;
    }
  }

  private takeStderr(relay: number, chunk: Buffer): void {
    if (!this.stderrBytes.spend(chunk.length)) return this.setup.stopper.stop('output-limit');
    let decoder = this.stderrDecoders.get(relay);
    if (!decoder) this.stderrDecoders.set(relay, (decoder = new StringDecoder('utf8')));
    const text = decoder.write(chunk);
    if (text) this.report(text);
  }

  private report(text: string): void {
    this.record.stderr += text;
    this.setup.emit({ type: 'stderr', source: this.setup.source, text });
  }
}
