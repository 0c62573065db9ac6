// A server that fixes its stdout by deleting its diagnostics has fixed nothing: the operator
// who read them on stderr loses them. Exercises name the diagnostics a run should have kept by
// what each tells, and a missing one is told as moved (still on stdout, in a frame) or gone.
import type { RunRecord, Said } from '../contract/check.ts';
import type { Read } from './frames.ts';
import { frameRef, say } from './say.ts';
import { strayLines } from './stray-lines.ts';

/** One diagnostic a run's server should write on stderr. */
export interface Diagnostic {
  /** What the line tells, in the words of a message ("the count of loaded orders"). */
  what: string;
  /** Does this line say it. */
  says(line: string): boolean;
  /** The request the line is about, for a per-call diagnostic. */
  call?: Read;
}

/** The expected diagnostics no stderr line says, each told as still on stdout or gone. */
export function missingDiagnostics(
  run: RunRecord,
  expected: Diagnostic[],
  lines: string[],
): { missing: Diagnostic[]; told: Said[] } {
  const missing = expected.filter((d) => !lines.some((l) => d.says(l)));
  const strays = strayLines(run);
  const told = missing.map((d) => {
    // A progress bar redraws with \r: each step may say it.
    const onStdout = strays.find((r) => r.frame.text.split('\r').some((part) => d.says(part)));
    const about = d.call ? say` (asked in ${frameRef(d.call.frame.seq)})` : '';
    return onStdout
      ? say`${d.what}${about} is still on stdout (${frameRef(onStdout.frame.seq)})`
      : say`${d.what}${about} is gone`;
  });
  return { missing, told };
}
