// How late a printed line came, told by the frames recorded before it: "print each message
// as it arrives" is broken by a line that came out only after a frame the server sent well
// after the one it is about. Measured in the recording's own clock. A harness that reads the
// output late can only make a line look later, never earlier, so a rule built on this wants
// a threshold well above what a busy machine adds.
import type { RunRecord } from '../contract/check.ts';
import type { FrameRecord } from '../wire/record.ts';
import { framesBefore } from './segments.ts';

/**
 * The last frame recorded before the stdout line at `offset` was printed, and how many ms
 * after frame `seq` it came; undefined when no frame after `seq` was in by then.
 */
export function printedLate(
  run: RunRecord,
  offset: number,
  seq: number,
): { after: FrameRecord; ms: number } | undefined {
  const after = run.frames[framesBefore(run, offset) - 1];
  const since = run.frames.find((f) => f.seq === seq);
  if (!after || !since || after.seq <= seq) return undefined;
  return { after, ms: Math.round(after.t - since.t) };
}
