// Running the course's captures: which ones a command asks for, side by side, into file name →
// contents. The captures themselves live in their lessons (sessions.ts); names are a contract
// with the lessons that show them: change one only together with the lessons that read it.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serialiseCapture } from '../wire/capture-file.ts';
import { discoverCaptures, type CaptureSpec } from './sessions.ts';
import type { CaptureResult } from './types.ts';

export type { CaptureSpec } from './sessions.ts';

/** The repository the captures are found in. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Sessions at once: each is a few processes of its own that mostly wait on each other, so a
 * few side by side take little longer than the slowest one (one after another the
 * check was four times its start-up floor). Not more than there are cores: every session
 * starts several Node processes at once, and on a busy machine more of them than cores pushed
 * start-ups past the reply timeouts.
 */
export const AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));

/**
 * The captures called `names` (all of them when none are given), in course order. An unknown
 * name is an error that lists the known ones, so a typo never passes as "nothing to check".
 */
export async function selectCaptures(
  names: readonly string[] = [],
  root: string = REPO,
): Promise<CaptureSpec[]> {
  const all = await discoverCaptures(root);
  const wanted = new Set(names.map((name) => name.replace(/\.jsonl$/, '')));
  const unknown = [...wanted].filter((name) => !all.some((c) => c.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `no capture called ${unknown.map((n) => `"${n}"`).join(', ')}; the captures are: ` +
        all.map((c) => c.name).join(', '),
    );
  }
  return wanted.size === 0 ? all : all.filter((c) => wanted.has(c.name));
}

/** One file a capture writes: where it belongs and what it holds. */
export interface CaptureFile {
  /** File name, e.g. handshake.jsonl or host-client-a.stderr.txt. */
  file: string;
  /** The repo-relative folder it belongs in (its lesson's captures folder). */
  folder: string;
  text: string;
}

/** Runs `specs` a few at a time; returns their files (stderr sidecars too) in their order. */
export async function produceCaptures(specs: readonly CaptureSpec[]): Promise<CaptureFile[]> {
  const results: CaptureResult[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < specs.length; i = next++) results[i] = await specs[i]!.run();
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, specs.length) }, worker));
  return specs.flatMap((spec, i) => {
    const { frames, stderr } = results[i]!;
    const files = [{ file: spec.file, folder: spec.folder, text: serialiseCapture(frames) }];
    if (stderr !== undefined) {
      files.push({ file: `${spec.name}.stderr.txt`, folder: spec.folder, text: stderr });
    }
    return files;
  });
}
