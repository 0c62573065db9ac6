// `capture --check`: re-capture into memory and compare with the committed files (each in its
// lesson's captures folder, or all in one directory given instead).
// The first difference per file is reported as frame seq + expected (committed) vs seen.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO, produceCaptures, type CaptureSpec } from './captures.ts';

export interface CheckOutcome {
  ok: boolean;
  /** One learner-readable paragraph per file that differs. */
  problems: string[];
  files: string[];
}

const clip = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);

/** First difference between committed and re-captured contents of one file, or undefined. */
export function describeDifference(
  file: string,
  expected: string,
  seen: string,
): string | undefined {
  if (expected === seen) return undefined;
  const want = expected.split('\n');
  const got = seen.split('\n');
  const line = want.findIndex((text, index) => text !== got[index]);
  const index = line === -1 ? want.length : line;
  // In a .jsonl capture line N holds frame seq N; sidecars are plain text lines.
  const position = file.endsWith('.jsonl') ? `frame seq ${index}` : `line ${index + 1}`;
  return [
    `${file}: ${position} differs`,
    `  expected (committed): ${clip(want[index] ?? '(end of file)')}`,
    `  seen (re-captured):   ${clip(got[index] ?? '(end of file)')}`,
  ].join('\n');
}

/** Re-captures `specs` and compares each file with the one in its folder (or in `dir`). */
export async function checkCaptures(
  specs: readonly CaptureSpec[],
  dir?: string,
): Promise<CheckOutcome> {
  const produced = await produceCaptures(specs);
  const problems: string[] = [];
  for (const { file, folder, text: seen } of produced) {
    const where = dir ?? folder;
    let expected: string;
    try {
      expected = await readFile(join(dir ?? join(REPO, folder), file), 'utf8');
    } catch {
      problems.push(`${file}: missing from ${where} (run npm run capture)`);
      continue;
    }
    const difference = describeDifference(file, expected, seen);
    if (difference) problems.push(difference);
  }
  return { ok: problems.length === 0, problems, files: produced.map((p) => p.file) };
}
