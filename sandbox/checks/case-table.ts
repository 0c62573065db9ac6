// A driver that calls the learner's function once per case reports each answer as an
// `@@case {...}` line. One reading of those tables, so every driver-based exercise keeps the
// same rule: a row without its name (or any other field the check relies on) is no row.
import type { RunRecord } from '../contract/check.ts';
import { driverReports } from './driver-reports.ts';

/** One `@@<tag>` row: its name under `case`, the rest as the driver wrote it. */
export type CaseRow<T = Record<string, unknown>> = T & { case: string };

/**
 * The rows of the driver's `@@<tag>` lines (tag "case" by default) in the order printed,
 * keeping those whose `case` and every field in `strings` are strings.
 */
export function caseRows<T = Record<string, unknown>>(
  run: RunRecord,
  options: { tag?: string; strings?: readonly string[] } = {},
): CaseRow<T>[] {
  const required = ['case', ...(options.strings ?? [])];
  return driverReports(run.program.stdout, options.tag ?? 'case')
    .map((r) => r.value)
    .filter((v) => required.every((key) => typeof v[key] === 'string')) as CaseRow<T>[];
}

/** The same rows by name; a case reported twice keeps its last row. */
export function caseTable<T = Record<string, unknown>>(
  run: RunRecord,
  options: { tag?: string; strings?: readonly string[] } = {},
): Map<string, CaseRow<T>> {
  return new Map(caseRows<T>(run, options).map((row) => [row.case, row]));
}
