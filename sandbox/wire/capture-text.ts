// Writing a capture file's text: one record per line, each line the record's JSON, ending
// with a newline. Free of node:fs and zod so that the browser writes the same bytes.
import type { FrameRecord } from './record.ts';

export function serialiseCapture(frames: readonly FrameRecord[]): string {
  return frames.map((frame) => JSON.stringify(frame)).join('\n') + '\n';
}
