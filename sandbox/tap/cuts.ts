// Where the tap cuts the bytes it delivers to a learner's program in a check run: inside every
// line, never at its end, so that no read the program makes is ever one whole message. A pipe
// is free to cut a stream anywhere; this one always does, so a program that treats a read as a
// message fails every time instead of on some unlucky day. Pure: bytes and a seed in, lengths
// out, the same for the same run whatever the timing.
import { seeded } from '../input/seed.ts';

const NEWLINE = 0x0a;

/**
 * The length of the next piece to deliver from `pending`, which starts at the beginning of a
 * line when `atLineStart`. `line` numbers the lines cut so far (the seed's salt for this one).
 * - At a line start: a head of the line, cut in the middle of a multi-byte character when the
 *   line has one (a program that decodes each read on its own garbles it), else somewhere
 *   inside the JSON; the newline is never in the head.
 * - Inside a line: the rest of it, plus the head of the next line when that is already here
 *   (two messages meeting in one read, as a busy pipe delivers them).
 */
export function nextPiece(
  pending: Uint8Array,
  atLineStart: boolean,
  seed: number,
  line: number,
): { length: number; cutLine: boolean } {
  const end = pending.indexOf(NEWLINE);
  if (atLineStart) {
    const cut = cutInside(pending, 0, end === -1 ? pending.length : end, seed, line);
    return cut === null
      ? { length: pending.length, cutLine: false }
      : { length: cut, cutLine: true };
  }
  if (end === -1 || end + 1 === pending.length) return { length: pending.length, cutLine: false };
  const next = pending.indexOf(NEWLINE, end + 1);
  const cut = cutInside(pending, end + 1, next === -1 ? pending.length : next, seed, line);
  return cut === null ? { length: end + 1, cutLine: false } : { length: cut, cutLine: true };
}

/** A cut strictly inside [start, end) (end: the newline or the end of what is here), or null. */
function cutInside(
  bytes: Uint8Array,
  start: number,
  end: number,
  seed: number,
  line: number,
): number | null {
  if (end - start < 2) return null;
  const r = seeded(seed, line);
  const inside: number[] = [];
  for (let i = start; i < end; i++) {
    // A lead byte (11xxxxxx) starts a character of 2-4 bytes: cut after it, before its last.
    if (bytes[i]! >= 0xc0) {
      const size = bytes[i]! >= 0xf0 ? 4 : bytes[i]! >= 0xe0 ? 3 : 2;
      for (let k = 1; k < size && i + k < end; k++) inside.push(i + k);
    }
  }
  if (inside.length > 0) return inside[Math.floor(r * inside.length)]!;
  return start + 1 + Math.floor(r * (end - start - 1));
}
