// Where the tap cuts the bytes it delivers to a learner's program in a check run: inside every
// line, never at its end, so that no read the program makes is ever one whole message. A pipe
// is free to cut a stream anywhere; this one always does, so a program that treats a read as a
// message fails every time instead of on some unlucky day. Pure: bytes and a seed in, lengths
// out, the same for the same run whatever the timing.
import { seeded } from '../input/seed.ts';

const NEWLINE = 0x0a;

/**
 * The length of the next piece to deliver from `pending`, which starts at the beginning of a
 * line when `atLineStart`. `cut` numbers the cuts made so far (the seed's salt for this one).
 * - Every character of more than one byte is cut in two, so a program that decodes each read
 *   on its own garbles every one of them (a line may hold the same word twice: in a tool's
 *   text and in its structuredContent).
 * - A line without one is cut once, somewhere inside the JSON; the newline is never in a head.
 * - The rest of a line goes with the head of the next when that is already here (two messages
 *   meeting in one read, as a busy pipe delivers them).
 */
export function nextPiece(
  pending: Uint8Array,
  atLineStart: boolean,
  seed: number,
  cut: number,
): { length: number; cut: boolean } {
  const end = lineEnd(pending, 0);
  const inChar = insideCharacter(pending, 0, end, seed, cut);
  if (inChar !== null) return { length: inChar, cut: true };
  if (atLineStart) {
    if (end < 2) return { length: Math.min(end + 1, pending.length), cut: false };
    return { length: 1 + Math.floor(seeded(seed, cut) * (end - 1)), cut: true };
  }
  if (end + 1 >= pending.length) return { length: pending.length, cut: false };
  const start = end + 1;
  const nextEnd = lineEnd(pending, start);
  const next =
    insideCharacter(pending, start, nextEnd, seed, cut) ??
    (nextEnd - start < 2
      ? null
      : start + 1 + Math.floor(seeded(seed, cut) * (nextEnd - start - 1)));
  return next === null ? { length: start, cut: false } : { length: next, cut: true };
}

/** Index of the line's newline, or the end of what is here. */
function lineEnd(bytes: Uint8Array, from: number): number {
  const i = bytes.indexOf(NEWLINE, from);
  return i === -1 ? bytes.length : i;
}

/** A cut inside the first character of 2-4 bytes in [start, end), past `start`, or null. */
function insideCharacter(
  bytes: Uint8Array,
  start: number,
  end: number,
  seed: number,
  cut: number,
): number | null {
  for (let i = start; i < end; i++) {
    // A lead byte (11xxxxxx) starts a character of 2-4 bytes: cut after it, before its last.
    if (bytes[i]! < 0xc0) continue;
    const size = bytes[i]! >= 0xf0 ? 4 : bytes[i]! >= 0xe0 ? 3 : 2;
    const inner = Math.min(size - 1, end - i - 1);
    if (inner < 1) continue;
    const at = i + 1 + Math.floor(seeded(seed, cut) * inner);
    if (at > start) return at;
  }
  return null;
}
