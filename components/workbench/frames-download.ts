// "Download frames": the run's frames as a capture file, the format of lessons/*/captures/ and
// of `npm run tap`, so a learner can keep a run or open it in the frame viewer (/viewer/).
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { serialiseCapture } from '../../sandbox/wire/capture-text.ts';
import { saveFile } from './save-file.ts';

/** Only the record's own members: the harness event around it carries a `type` too. */
function recordOnly(frame: FrameRecord): FrameRecord {
  const { seq, t, dir, transport, text, http } = frame;
  return http === undefined
    ? { seq, t, dir, transport, text }
    : { seq, t, dir, transport, text, http };
}

export function framesFileName(exercise: string, at: Date = new Date()): string {
  return `${exercise}-frames-${at.toISOString().replace(/[:.]/g, '-')}.jsonl`;
}

export function downloadFrames(exercise: string, frames: readonly FrameRecord[]): void {
  const text = serialiseCapture(frames.map(recordOnly));
  saveFile(framesFileName(exercise), new Blob([text], { type: 'application/x-ndjson' }));
}
