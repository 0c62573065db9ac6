// Every driver-based exercise opens with the same check: did the driver get to ask the
// learner's function about every case? Said one way, with why the driver stopped early.
import type { Outcome, RunRecord } from '../contract/check.ts';
import { caseRows } from './case-table.ts';
import { whyDriverStopped } from './driver-reports.ts';
import { fail, pass } from './outcome.ts';

/** `fn` ("verify()") answered all `total` cases, or how many it was asked about, and why not more. */
export function everyCaseAsked(run: RunRecord, fn: string, total: number): Outcome {
  const got = caseRows(run).length;
  if (got === total) return pass(`${fn} answered all ${total} cases.`);
  const why = whyDriverStopped(run, fn);
  return fail(`${fn} was asked about ${got} of ${total} cases before the driver stopped.${why}`);
}
