// `capture --check`: re-capture into memory and compare with the files in a directory.
// The first difference per file is reported as frame seq + expected (committed) vs seen.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { produceCaptures } from './captures.ts';

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

/** Re-captures the captures called `names` (all when none are given) and compares each file. */
export async function checkCaptures(
  dir: string,
  names: readonly string[] = [],
): Promise<CheckOutcome> {
  const produced = await produceCaptures(names);
  const problems: string[] = [];
  for (const [file, seen] of produced) {
    let expected: string;
    try {
      expected = await readFile(join(dir, file), 'utf8');
    } catch {
      problems.push(`${file}: missing from ${dir} (run npm run capture)`);
      continue;
    }
    const difference = describeDifference(file, expected, seen);
    if (difference) problems.push(difference);
  }
  return { ok: problems.length === 0, problems, files: [...produced.keys()] };
}
