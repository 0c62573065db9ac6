// Has the program reading the tap's output taken in the piece just written? Split delivery
// (split-delivery.ts) must not write the next piece before it has, or both would arrive in
// one read and the cut between them would test nothing. Linux counts every process's reads
// in /proc/<pid>/io: bytes read (rchar) and read calls (syscr). A reader waiting for input
// wakes, takes the piece in one read and waits again, so a read of at least the piece's size
// in one or two calls (two when a wake-up of the event loop is read with it) says the piece
// is in. A reader busy with something else reads nothing, and more calls than that mean it
// read other things too (its own files, as a program that is still loading does): neither
// says so, and the delivery waits its full pause, as it does where there is no /proc.
import { readFileSync } from 'node:fs';

export interface ReadCounts {
  /** Bytes read so far, from any file, pipe or socket. */
  bytes: number;
  /** Read calls so far. */
  calls: number;
}

/** The process's read counters, or null where they cannot be read (no /proc, no access). */
export function readCounts(pid: number): ReadCounts | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/io`, 'latin1');
  } catch {
    return null;
  }
  const bytes = /^rchar: (\d+)$/m.exec(text);
  const calls = /^syscr: (\d+)$/m.exec(text);
  return bytes && calls ? { bytes: Number(bytes[1]), calls: Number(calls[1]) } : null;
}

/** Read calls a reader may make for one piece: the piece's, and a wake-up's read with it. */
const CALLS_FOR_A_PIECE = 2;

/** Do the counts from before the piece was written to now show it taken in, and nothing else? */
export function tookPiece(before: ReadCounts, now: ReadCounts | null, size: number): boolean {
  if (!now) return false;
  const calls = now.calls - before.calls;
  return calls >= 1 && calls <= CALLS_FOR_A_PIECE && now.bytes - before.bytes >= size;
}
