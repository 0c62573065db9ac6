// A relay is judged byte for byte against what the harness recorded on the far side, and a
// frame there is one line of the stream: its text and the "\n" that ended it (none for a last
// line the stream never finished).
import type { RunRecord } from '../contract/check.ts';
import type { Direction } from '../wire/record.ts';

export interface RecordedLine {
  seq: number;
  /** The frame's bytes as text, its newline included. */
  line: string;
}

/** The frames recorded going `dir`, each as the line it was on the wire. */
export function recordedLines(run: RunRecord, dir: Direction): RecordedLine[] {
  return run.frames
    .filter((f) => f.dir === dir)
    .map((f) => ({ seq: f.seq, line: run.unterminated.has(f.seq) ? f.text : `${f.text}\n` }));
}
