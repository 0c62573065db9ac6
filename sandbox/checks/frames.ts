// The checks' view of a recorded run: every frame read once by the wire module
// (sandbox/wire/read.ts, with the SDK's schemas) and paired by id, plus the helpers that
// turn what is wrong into words a learner can act on.
import { pairFrames, type Pairing, type PairedReading } from '../wire/pair.ts';
import { quote, type Message } from '../wire/read.ts';
import type { Direction, FrameRecord } from '../wire/record.ts';
export { findSplitMessage } from '../wire/split.ts';

export { quote };
export type { Message };
export type Read = PairedReading;

/** Shorten text for a message, without escaping it (for showing JSON as it was). */
export function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** All frames of a run, read and paired; plus handy views. */
export class Conversation {
  readonly reads: Read[];
  private readonly pairing: Pairing;
  constructor(frames: readonly FrameRecord[]) {
    this.pairing = pairFrames(frames);
    this.reads = this.pairing.readings;
  }
  from(dir: Direction): Read[] {
    return this.reads.filter((r) => r.frame.dir === dir);
  }
  /** What one side sent that reads as a JSON-RPC message, whatever its kind. */
  messages(dir: Direction): Read[] {
    return this.from(dir).filter((r) => r.message);
  }
  requests(dir: Direction): (Read & { message: Extract<Message, { kind: 'request' }> })[] {
    return this.from(dir).filter((r) => r.message?.kind === 'request') as never;
  }
  notifications(
    dir: Direction,
  ): (Read & { message: Extract<Message, { kind: 'notification' }> })[] {
    return this.from(dir).filter((r) => r.message?.kind === 'notification') as never;
  }
  /** The reply (result or error) that answers this request, if one came. */
  responseTo(request: Read): Read | undefined {
    if (request.kind !== 'request') return undefined;
    return this.pairing.partner(request);
  }
}

/** The line of a stderr that says what went wrong (an uncaught error), else its last lines. */
export function stderrGist(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const error = lines.find((l) => /^(\w+Error|Error)\b.*:/.test(l.trim()));
  return error ? error.trim() : lines.slice(-3).join('\n');
}
