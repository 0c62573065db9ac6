// What a read-only reference driver tells its checks: lines `@@<tag> <json object>` on its
// stdout, among whatever else the learner's code printed there. One reading for every
// exercise with a driver, so a damaged line (cut at the output limit, or printed by learner
// code that imitates the format badly) is left out the same way everywhere.
import type { RunRecord } from '../contract/check.ts';
import { stderrNote } from './stderr-note.ts';
import { isObject } from './run-story.ts';

export interface DriverReport {
  /** The parsed object after the tag. */
  value: Record<string, unknown>;
  /** Where the line starts in the driver's stdout (for matching it to the frames seen by then). */
  offset: number;
}

/** Every `@@<tag> {...}` line of `stdout` that parses to an object, in order. */
export function driverReports(stdout: string, tag: string): DriverReport[] {
  const prefix = `@@${tag} `;
  const found: DriverReport[] = [];
  let offset = 0;
  for (const line of stdout.split('\n')) {
    if (line.startsWith(prefix)) {
      try {
        const value = JSON.parse(line.slice(prefix.length)) as unknown;
        if (isObject(value)) found.push({ value, offset });
      } catch {
        // A damaged line says nothing; the check that misses its report says what is missing.
      }
    }
    offset += line.length + 1;
  }
  return found;
}

/**
 * Why a driver stopped before asking the learner's function about every case, as a sentence
 * to append (or '' when nothing says): the run's limits first, then the driver's last words.
 * `fn` names the learner's function in the question, e.g. "verify()".
 */
export function whyDriverStopped(run: RunRecord, fn: string): string {
  if (run.verdict === 'timeout')
    return ` The run was stopped at ${run.timeoutMs / 1000} s: does ${fn} loop or wait?`;
  if (run.verdict === 'output-limit')
    return ` The run was stopped for writing too much output: does ${fn} return something huge, or print a lot?`;
  return stderrNote(run.program.stderr, 'The driver stopped with:');
}
