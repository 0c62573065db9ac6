// Which reply answers which request. Client and server number their own requests
// independently (both may use id 0), so ids are matched per direction: a reply going
// server → client answers a client request, and the other way round. When an id is reused
// while still unanswered, replies are taken first come, first answered.
//
// Incremental on purpose: the workbench adds frames one at a time as a run streams in, and
// adding frame N must cost the same whether N is 5 or 50,000.
import { readFrame } from './read.ts';
import type { FrameReading, JsonRpcId } from './read.ts';
import type { FrameRecord } from './record.ts';

export interface PairedReading extends FrameReading {
  /** seq of the frame this one answers, or of the frame that answers it. */
  pairedWith?: number;
}

function key(dir: FrameRecord['dir'], id: JsonRpcId): string {
  // typeof keeps the string "1" and the number 1 apart, as JSON-RPC does.
  return `${dir}|${typeof id}|${String(id)}`;
}

export class Pairing {
  readonly readings: PairedReading[] = [];
  private readonly bySeq = new Map<number, PairedReading>();
  private readonly open = new Map<string, PairedReading[]>();

  /**
   * Reads and adds one frame. Returns the readings this changed: the new one and, when it
   * is a reply, the request it answers (whose pairedWith is now set).
   */
  add(frame: FrameRecord): PairedReading[] {
    const reading: PairedReading = readFrame(frame);
    this.readings.push(reading);
    this.bySeq.set(frame.seq, reading);
    if (reading.id === undefined) return [reading];
    if (reading.kind === 'request') {
      const k = key(frame.dir, reading.id);
      const queue = this.open.get(k);
      if (queue) queue.push(reading);
      else this.open.set(k, [reading]);
      return [reading];
    }
    if (reading.kind === 'response') {
      const requestDir = frame.dir === 's2c' ? 'c2s' : 's2c';
      const k = key(requestDir, reading.id);
      const request = this.open.get(k)?.shift();
      if (this.open.get(k)?.length === 0) this.open.delete(k);
      if (request) {
        request.pairedWith = frame.seq;
        reading.pairedWith = request.frame.seq;
        return [reading, request];
      }
    }
    return [reading];
  }

  get(seq: number): PairedReading | undefined {
    return this.bySeq.get(seq);
  }

  /** The request a reply answers, or the reply a request got. */
  partner(reading: PairedReading): PairedReading | undefined {
    return reading.pairedWith === undefined ? undefined : this.bySeq.get(reading.pairedWith);
  }
}

/** Every frame of a finished recording, read and paired. */
export function pairFrames(frames: readonly FrameRecord[]): Pairing {
  const pairing = new Pairing();
  for (const frame of frames) pairing.add(frame);
  return pairing;
}
