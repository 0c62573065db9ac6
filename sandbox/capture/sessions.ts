// A lesson's capture sessions: lessons/<NN>-<slug>/sessions.ts default-exports
// captureSessions({ '<name>': run, ... }), and each run writes captures/<name>.jsonl beside it
// (with captures/<name>.stderr.txt when it returns the server's stderr). The lesson folders
// are the list: the capture tool finds every sessions file itself, so adding a capture means
// writing it in its lesson and nowhere else.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { CAPTURES_FOLDER } from '../course/capture-files.ts';
import { lessonFolders } from '../course/lesson-folders.ts';
import { friendlyLines } from '../input/friendly-errors.ts';
import type { CaptureResult } from './types.ts';

export const SESSIONS_FILE = 'sessions.ts';

export type CaptureRun = () => Promise<CaptureResult>;

/** What a lesson's sessions file exports: capture name → the session that records it. */
export type CaptureSessions = Readonly<Record<string, CaptureRun>>;

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const Sessions = z.record(
  z.string(),
  z.custom<CaptureRun>((run) => typeof run === 'function', {
    error: 'each capture is a function that runs its session and returns its frames',
  }),
);

/** Marks a lesson's sessions, so its file reads as the captures it makes. */
export function captureSessions(sessions: CaptureSessions): CaptureSessions {
  return sessions;
}

export interface CaptureSpec {
  /** The capture's name: its file name without `.jsonl`, how a lesson's <Frames> names it. */
  name: string;
  /** File name inside the lesson's captures folder. */
  file: string;
  /** The repo-relative folder the capture belongs in, e.g. lessons/12-sampling/captures. */
  folder: string;
  /** The sessions file that records it, for messages. */
  source: string;
  run: CaptureRun;
}

/**
 * Every lesson's captures, in course order and, within a lesson, in the order its sessions
 * file lists them. A sessions file that exports something else, or two lessons that both make
 * one name, is the author's mistake and throws naming the files.
 */
export async function discoverCaptures(root: string): Promise<CaptureSpec[]> {
  const specs: CaptureSpec[] = [];
  const problems: string[] = [];
  for (const lesson of lessonFolders(root)) {
    const source = `${lesson.folder}/${SESSIONS_FILE}`;
    const file = join(root, source);
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (module.default === undefined) {
      problems.push(`${source}: needs export default captureSessions({ '<name>': session, ... })`);
      continue;
    }
    const named = typeof module.default === 'object' && module.default !== null;
    const misnamed = (named ? Object.keys(module.default as object) : []).filter(
      (name) => !KEBAB.test(name),
    );
    for (const name of misnamed) {
      problems.push(
        `${source}: "${name}": a capture's name is its file name, in kebab-case (e.g. order-lookup)`,
      );
    }
    const parsed = Sessions.safeParse(module.default);
    if (!parsed.success) {
      problems.push(...friendlyLines(parsed.error, { file: source, topLevel: 'export default' }));
    }
    if (!parsed.success || misnamed.length > 0) continue;
    for (const [name, run] of Object.entries(parsed.data)) {
      const twin = specs.find((s) => s.name === name);
      if (twin) {
        problems.push(
          `${source}: a capture called "${name}" is made by ${twin.source} already; names are the course's, so give one another`,
        );
        continue;
      }
      const folder = `${lesson.folder}/${CAPTURES_FOLDER}`;
      specs.push({ name, file: `${name}.jsonl`, folder, source, run });
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return specs;
}
