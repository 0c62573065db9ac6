// What the connector (connector.ts) and the harness's dock (harness/dock.ts) say to each other
// over their one socket: frames of a kind byte, a 4-byte length and that many bytes. The
// server's stdout, the client's stdin and their ends each travel as frames of their own, so
// that bytes, an end and an exit status never run together on the way.
import type { Socket } from 'node:net';

/** Connector to dock: the header (JSON: token, the server's extra args), stdin, its end, a signal. */
export type ToDock = 'hello' | 'stdin' | 'stdin-end' | 'signal';
/** Dock to connector: the server's stdout, then how it exited (JSON: code, signal). */
export type ToConnector = 'stdout' | 'exit';
export type FrameKind = ToDock | ToConnector;

const KINDS: FrameKind[] = ['hello', 'stdin', 'stdin-end', 'signal', 'stdout', 'exit'];
const HEADER = 5;
/** A frame longer than this is no frame of ours: the peer on the socket speaks something else. */
const MAX_FRAME = 64 * 1024 * 1024;

export function encodeFrame(kind: FrameKind, payload: Uint8Array | string = ''): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const head = Buffer.alloc(HEADER);
  head[0] = KINDS.indexOf(kind);
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

class FrameError extends Error {}

/**
 * Every frame that comes on `socket`, in order; `onGarbage` once for bytes that are no frame
 * (the peer speaks something else), after which nothing more is read.
 */
export function onFrames(
  socket: Socket,
  onFrame: (kind: FrameKind, payload: Buffer) => void,
  onGarbage: () => void,
): void {
  const frames = new FrameReader();
  socket.on('data', (chunk: Buffer) => {
    let got;
    try {
      got = frames.push(chunk);
    } catch (err) {
      if (!(err instanceof FrameError)) throw err;
      socket.removeAllListeners('data');
      return onGarbage();
    }
    for (const { kind, payload } of got) onFrame(kind, payload);
  });
}

/** Cuts the socket's bytes back into frames, as they come; a torn frame waits for its end. */
class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  /** Throws FrameError on bytes that are no frame. */
  push(chunk: Buffer): { kind: FrameKind; payload: Buffer }[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: { kind: FrameKind; payload: Buffer }[] = [];
    while (this.pending.length >= HEADER) {
      const kind = KINDS[this.pending[0]!];
      const length = this.pending.readUInt32BE(1);
      if (kind === undefined || length > MAX_FRAME) throw new FrameError('not a dock frame');
      if (this.pending.length < HEADER + length) break;
      frames.push({ kind, payload: this.pending.subarray(HEADER, HEADER + length) });
      this.pending = this.pending.subarray(HEADER + length);
    }
    return frames;
  }
}
