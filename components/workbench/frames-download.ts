// "Download frames": the run's frames as a capture file, the format of lessons/captures/ and
// of `npm run tap`, so a learner can keep a run or open it in the frame viewer (/viewer/).
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { serialiseCapture } from '../../sandbox/wire/capture-text.ts';

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
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = framesFileName(exercise);
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
