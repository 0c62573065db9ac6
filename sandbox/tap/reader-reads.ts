// Has the program reading the tap's output taken in the piece just written? Split delivery
// (split-delivery.ts) must not write the next piece before it has, or both would arrive in
// one read and the cut between them would test nothing. Linux counts each process's reads in
// /proc/<pid>/io: bytes read (rchar) and read calls (syscr), over all its threads and files.
// A Node reader waiting for input wakes, takes a waiting piece in one read of exactly its
// size (libuv reads until a read comes back short of its 64 KB buffer) and waits again,
// perhaps reading its event loop's 8-byte wake-up counter along the way. So only counts
// that moved by exactly that say the piece is in. Any other movement (a program loading its
// files, a thread reading, old bytes read late) says nothing, and the delivery waits its
// full pause, as it does where there is no /proc.
import { readFileSync } from 'node:fs';

export interface ReadCounts {
  /** Bytes read so far by every thread of the process, from any file, pipe or socket. */
  bytes: number;
  /** Read calls so far, likewise. */
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

/** What an event loop reads when it is woken from another thread: an 8-byte counter. */
const WAKE_UP_READ = 8;

/**
 * Did the reader, between `before` and `now`, make exactly the read of `size` bytes that
 * takes the piece in, alone or with one wake-up read? A piece the size of a wake-up read
 * cannot be told from one, and is never taken as read.
 */
export function tookPiece(before: ReadCounts, now: ReadCounts | null, size: number): boolean {
  if (!now || size === WAKE_UP_READ) return false;
  const calls = now.calls - before.calls;
  const bytes = now.bytes - before.bytes;
  return (calls === 1 && bytes === size) || (calls === 2 && bytes === size + WAKE_UP_READ);
}
