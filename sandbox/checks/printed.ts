// The program's stdout as lines that remember where they start, for checks that must tell
// when a line was printed (run-story's printedBefore takes that offset).
import type { RunRecord } from '../contract/check.ts';

export interface PrintedLine {
  /** The line without its "\n" (and without a "\r" before it). */
  text: string;
  /** Where the line starts in the program's stdout. */
  offset: number;
}

/** The lines of stdout that hold something other than spaces, in order. */
export function printedLinesAt(run: RunRecord): PrintedLine[] {
  const out: PrintedLine[] = [];
  let offset = 0;
  for (const line of run.program.stdout.split('\n')) {
    const text = line.replace(/\r$/, '');
    if (text.trim() !== '') out.push({ text, offset });
    offset += line.length + 1;
  }
  return out;
}

/** How many more lines than one, said as a learner reads it: "an extra line", "2 extra lines". */
export function extraLines(n: number): string {
  return n === 1 ? 'an extra line' : `${n} extra lines`;
}
