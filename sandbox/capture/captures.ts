// The committed capture files and how each is produced. File names are a contract with
// the lessons: change them only together with the lessons that read them.
import { captureHttpJson, captureHttpJsonProgress, captureHttpSse } from './http-session.ts';
import { serialiseCapture } from '../wire/capture-file.ts';
import { captureStdioPipelined, captureStdioSession, captureStdioStrict } from './stdio-session.ts';
import type { CaptureResult } from './types.ts';
import {
  capturePrompts,
  captureResourcesFixed,
  captureResourcesLive,
  captureSubscription,
} from './lesson-5-sessions.ts';

export interface CaptureSpec {
  /** File name inside the captures directory. */
  file: string;
  run: () => Promise<CaptureResult>;
}

export const CAPTURES: readonly CaptureSpec[] = [
  { file: 'stdio-session.jsonl', run: captureStdioSession },
  { file: 'stdio-pipelined.jsonl', run: captureStdioPipelined },
  { file: 'http-json.jsonl', run: captureHttpJson },
  { file: 'http-sse.jsonl', run: captureHttpSse },
  { file: 'http-json-progress.jsonl', run: captureHttpJsonProgress },
  { file: 'stdio-strict.jsonl', run: captureStdioStrict },
  { file: 'resources-fixed.jsonl', run: captureResourcesFixed },
  { file: 'resources-live.jsonl', run: captureResourcesLive },
  { file: 'resources-subscribe.jsonl', run: captureSubscription },
  { file: 'prompts-live.jsonl', run: capturePrompts },
];

/** Runs every capture; returns file name → contents, including stderr sidecars. */
export async function produceCaptures(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const spec of CAPTURES) {
    const result = await spec.run();
    files.set(spec.file, serialiseCapture(result.frames));
    if (result.stderr !== undefined) {
      files.set(spec.file.replace(/\.jsonl$/, '.stderr.txt'), result.stderr);
    }
  }
  return files;
}
