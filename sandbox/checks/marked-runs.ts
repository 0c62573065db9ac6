// A driver that starts the learner's program several times within one recorded run prints
// `@@<tag> {"name":…}` before each start. The harness notes how many frames the tap held when
// each chunk of stdout arrived, so each marker tells where its run's frames begin; they end
// where the next run's begin.
import type { RunRecord } from '../contract/check.ts';
import { driverReports } from './driver-reports.ts';
import { Conversation } from './frames.ts';
import { framesBefore } from './segments.ts';

export interface MarkedRun {
  /** The name the marker gave the run. */
  name: string;
  /** That run's frames, read and paired on their own. */
  conv: Conversation;
}

/** Each named run the driver marked with `@@<tag>`, in order; `key` is the field that names it. */
export function markedRuns(run: RunRecord, tag: string, key = 'name'): MarkedRun[] {
  const starts = driverReports(run.program.stdout, tag).filter(
    (r) => typeof r.value[key] === 'string',
  );
  const bounds = starts.map((s) => framesBefore(run, s.offset));
  return starts.map((s, i) => ({
    name: s.value[key] as string,
    conv: new Conversation(run.frames.slice(bounds[i], bounds[i + 1] ?? run.frames.length)),
  }));
}
