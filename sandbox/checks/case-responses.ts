// A driver asks the learner's function about live cases (real calls, whose replies the harness
// recorded) and edge cases (responses it built). Each row is judged against the response it
// was about: a live case's recorded reply, found by the id the driver reported, with its frame
// to point at; an edge case's response as the row carries it.
import type { RunRecord } from '../contract/check.ts';
import { caseRows, type CaseRow } from './case-table.ts';
import { caseResponse } from './driver-answers.ts';

/** The fields of a `@@case` row that say which response it was about. */
export interface AboutAResponse {
  edge?: boolean;
  id?: string | number;
  response?: unknown;
}

export interface CaseResponse<T> {
  row: CaseRow<T>;
  response: unknown;
  /** The recorded reply's frame (live cases only). */
  frame?: number;
}

/** Every `@@case` row with its response; a live case whose reply never came is left out. */
export function caseResponses<T extends AboutAResponse>(run: RunRecord): CaseResponse<T>[] {
  return caseRows<T>(run).flatMap((row) => {
    const found = caseResponse(run, row);
    return found ? [{ row, ...found }] : [];
  });
}
