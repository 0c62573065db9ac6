// Reading a relay's log of frames. The task leaves its wording free, so nothing here expects
// a format: a logged frame is found by its whole text (as written, or quoted as a JSON string), and what the line says besides the frame is its label, compared with the labels of
// frames that went the other way.
import type { Direction } from '../wire/record.ts';
import type { Read } from './frames.ts';

export interface LoggedFrame {
  seq: number;
  dir: Direction;
  /** The frame's line as it crossed the wire, without its newline. */
  text: string;
}

/** Where a frame's whole text is in a log line, written as it is or quoted; undefined if not. */
function findIn(line: string, text: string): { at: number; whole: string } | undefined {
  for (const whole of [text, JSON.stringify(text).slice(1, -1)]) {
    const at = line.indexOf(whole);
    if (at !== -1) return { at, whole };
  }
  return undefined;
}

/** A log line that holds two frames: the relay logged a read, not a frame. */
export function twoFramesOnOneLine(
  logLines: readonly string[],
  frames: readonly LoggedFrame[],
): { line: string; first: LoggedFrame; second: LoggedFrame } | undefined {
  for (const line of logLines) {
    const held = frames.filter((f) => findIn(line, f.text));
    if (held.length >= 2) return { line, first: held[0]!, second: held[1]! };
  }
  return undefined;
}

/** What a log line says about a frame besides the frame itself, digits (times, sizes) left out. */
function label(line: string, frame: LoggedFrame): string | undefined {
  const found = findIn(line, frame.text);
  if (!found) return undefined;
  const rest = line.slice(0, found.at) + line.slice(found.at + found.whole.length);
  return rest
    .replace(/\d+/g, '')
    .replace(/[\s"'`]+/g, ' ')
    .trim();
}

const CLIENT_TO_SERVER =
  /\bclient\b\W*(?:→|->|=>|>|\bto\b)\W*\bserver\b|\bto\s+server\b|\bfrom\s+client\b/i;
const SERVER_TO_CLIENT =
  /\bserver\b\W*(?:→|->|=>|>|\bto\b)\W*\bclient\b|\bto\s+client\b|\bfrom\s+server\b/i;

export type LabelProblem =
  | { kind: 'same'; label: string; up: LoggedFrame; down: LoggedFrame }
  | { kind: 'swapped'; label: string; frame: LoggedFrame };

/**
 * Labels that do not tell the directions apart: one frame each way logged with the same
 * words, or a frame logged with the other direction's words. Only frames logged with their
 * whole text are judged; a log that names frames by id, or cuts them short, is left to the
 * presence check.
 */
export function labelProblem(
  logLines: readonly string[],
  frames: readonly LoggedFrame[],
): LabelProblem | undefined {
  const byLabel = new Map<string, Partial<Record<Direction, LoggedFrame>>>();
  for (const frame of frames) {
    for (const line of logLines) {
      const words = label(line, frame);
      if (words === undefined || words === '') continue;
      const wrong = frame.dir === 'c2s' ? SERVER_TO_CLIENT : CLIENT_TO_SERVER;
      const right = frame.dir === 'c2s' ? CLIENT_TO_SERVER : SERVER_TO_CLIENT;
      if (wrong.test(words) && !right.test(words)) return { kind: 'swapped', label: words, frame };
      const seen = byLabel.get(words) ?? {};
      seen[frame.dir] ??= frame;
      byLabel.set(words, seen);
      if (seen.c2s && seen.s2c) return { kind: 'same', label: words, up: seen.c2s, down: seen.s2c };
    }
  }
  return undefined;
}

/** A frame as a log may name it: by its id, or by its method (a reply by its request's). */
export interface NamedFrame extends LoggedFrame {
  names: string[];
  /** How many log lines must name it: a request and its reply share the id, so one line each. */
  lines: number;
}

/** The frames of a conversation that are JSON-RPC messages, with the names a log may use. */
export function namedFrames(reads: readonly Read[]): NamedFrame[] {
  const messages = reads.filter((r) => r.message);
  const methodOf = new Map<string, string>();
  for (const { message: m } of messages)
    if (m?.kind === 'request') methodOf.set(String(m.id), m.method);
  return messages.map(({ frame, message: m }) => {
    const id = 'id' in m! && m.id !== undefined && m.id !== null ? String(m.id) : undefined;
    const method = 'method' in m! ? m.method : id !== undefined ? methodOf.get(id) : undefined;
    const names = [id, method].filter((k): k is string => k !== undefined);
    const { seq, dir, text } = frame;
    return { seq, dir, text, names, lines: m!.kind === 'notification' ? 1 : 2 };
  });
}

/** Words and arrows that say which way a frame went. */
const DIRECTION =
  /→|←|->|<-|=>|<=|>>|<<|⇒|⇐|\b(c2s|s2c|client|server|up|down|in|out|send|sent|recv|received|to|from|tx|rx)\b/i;

/** The first frame that fewer log lines name with a direction (besides the frame) than it needs. */
export function unloggedFrame(
  logLines: readonly string[],
  frames: readonly NamedFrame[],
): NamedFrame | undefined {
  return frames.find((f) => {
    const told = logLines.filter(
      (l) => f.names.some((k) => l.includes(k)) && DIRECTION.test(l.replace(f.text, ' ')),
    );
    return told.length < f.lines;
  });
}
