// Capture files: one FrameRecord per line, the format of lessons/*/captures/*.jsonl. Reading
// validates every line and names the file and line of a bad one, so a broken capture fails
// the build where it can be found; writing is plain JSON.stringify in schema key order.
import { readFileSync } from 'node:fs';
import { FrameRecord } from './record.ts';

export class CaptureReadError extends Error {
  override name = 'CaptureReadError';
}

export function parseCapture(text: string, source: string): FrameRecord[] {
  const frames: FrameRecord[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const where = `${source}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new CaptureReadError(`${where}: not JSON (${(error as Error).message})`);
    }
    const parsed = FrameRecord.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`)
        .join('; ');
      throw new CaptureReadError(`${where}: not a frame record (${issues})`);
    }
    if (parsed.data.seq !== frames.length) {
      throw new CaptureReadError(`${where}: seq is ${parsed.data.seq}, expected ${frames.length}`);
    }
    frames.push(parsed.data);
  }
  return frames;
}

/** All frames of one capture file, validated. Throws CaptureReadError naming file and line. */
export function readCapture(path: string): FrameRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CaptureReadError(`${path}: cannot read (${(error as Error).message})`);
  }
  return parseCapture(text, path);
}

// Writing needs neither node:fs nor zod, so the browser (the workbench's "Download frames")
// imports it from its own module.
export { serialiseCapture } from './capture-text.ts';
