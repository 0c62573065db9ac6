// A driver that starts several runs one after another marks each start with `@@<start>` and,
// once the run is over, reports how it ended (exit, stdout, stderr, whether it had to be
// stopped) with `@@<end>`, naming the run the same way. Checks of such runs want both halves
// together: the frames of each run and its driver's word on how it ended.
import type { RunRecord } from '../contract/check.ts';
import { driverReports } from './driver-reports.ts';
import { markedRuns, type MarkedRun } from './marked-runs.ts';

export interface ReportedRun extends MarkedRun {
  /** The driver's `@@<end>` report naming this run, when it got that far. */
  end?: Record<string, unknown>;
}

/** Each run marked with `@@<start>`, with the `@@<end>` report whose `key` names it. */
export function reportedRuns(
  run: RunRecord,
  start: string,
  end: string,
  key = 'name',
): ReportedRun[] {
  const ends = driverReports(run.program.stdout, end);
  return markedRuns(run, start, key).map((marked) => ({
    ...marked,
    end: ends.find((e) => e.value[key] === marked.name)?.value,
  }));
}
