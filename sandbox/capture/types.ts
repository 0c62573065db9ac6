import type { FrameRecord } from '../wire/record.ts';

/** What one scripted session produced: its frames and, for stdio, the server's stderr. */
export interface CaptureResult {
  frames: FrameRecord[];
  stderr?: string;
}
