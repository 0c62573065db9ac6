// `npm run --silent new -- capture <name> --lesson <slug>`
// Starts a capture session in the lesson's own folder: lessons/<NN>-<slug>/sessions.ts gets
// the session from templates/capture-session.ts.template (the file is made from it when the
// lesson has none yet), and `npm run capture` records captures/<name>.jsonl beside it. No
// list elsewhere names it. Every refusal happens before anything is written, and a failure
// while writing puts the file back.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { z } from 'zod';
import { CAPTURES_FOLDER } from '../sandbox/course/capture-files.ts';
import { lessonFoldersIn, type LessonFolder } from '../sandbox/course/lesson-folders.ts';
import { isLessonSlug } from '../sandbox/exercises/ids.ts';
import { NewError } from './new-exercise.ts';

export const CAPTURE_USAGE = `usage: npm run --silent new -- capture <name> --lesson <slug>

  <name>      kebab-case capture name, e.g. order-lookup
  --lesson    the lesson it belongs to (its session goes in lessons/<NN>-<slug>/sessions.ts;
              npm run capture records lessons/<NN>-<slug>/captures/order-lookup.jsonl)`;

const MAX_NAME = 64;
const SESSIONS = 'sessions.ts';
const OPENING = 'export default captureSessions({';

export const captureNameSchema = z
  .string({ error: 'a capture name is required, e.g. order-lookup' })
  .refine((name) => isLessonSlug(name) && name.length <= MAX_NAME, {
    error: `the capture name must be kebab-case (lower-case words joined by "-", at most ${MAX_NAME} characters), e.g. order-lookup`,
  });

export const CaptureArgs = z.object({
  name: captureNameSchema,
  lesson: z
    .string({ error: '--lesson is required: the slug of the lesson the capture belongs to' })
    .refine(isLessonSlug, { error: '--lesson must be a lesson slug, e.g. the-handshake' }),
  title: z.never({ error: '--title is for lessons and exercises, not captures' }).optional(),
});

export interface CapturePaths {
  repo: string;
  /** Where new lessons go (the repository's lessons/, or a copy's in the scaffolder's tests). */
  lessonsDir: string;
}

/** order-lookup → captureOrderLookup: the session's function in its lesson's file. */
function variableFor(name: string): string {
  return 'capture' + name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** A lesson's folder on disk, inside the lessons folder `dir` it was found in. */
const folderIn = (dir: string, lesson: LessonFolder) => join(dir, basename(lesson.folder));

/** Every lesson captures may already be in: the repository's and the new lessons' folder's. */
function courseLessons(paths: CapturePaths): { path: string; lesson: LessonFolder }[] {
  const dirs = [...new Set([resolve(paths.repo, 'lessons'), resolve(paths.lessonsDir)])];
  return dirs.flatMap((dir) =>
    lessonFoldersIn(dir).map((lesson) => ({ path: folderIn(dir, lesson), lesson })),
  );
}

/** The capture names a sessions file makes: the keys of its captureSessions({ ... }). */
export function sessionNames(text: string): string[] {
  const start = text.indexOf(OPENING);
  if (start === -1) return [];
  return [...text.slice(start).matchAll(/^\s*(?:['"]([a-z0-9-]+)['"]|([a-z0-9]+)):/gm)].map(
    (m) => (m[1] ?? m[2])!,
  );
}

/** Which sessions file makes a capture called `name`, if one does. */
export function sessionsMaking(name: string, paths: CapturePaths): string | undefined {
  for (const { path, lesson } of courseLessons(paths)) {
    const file = join(path, SESSIONS);
    if (existsSync(file) && sessionNames(readFileSync(file, 'utf8')).includes(name)) {
      return `${lesson.folder}/${SESSIONS}`;
    }
  }
  return undefined;
}

/** The reasons `name` cannot be a new capture (empty when it can). */
export function captureTaken(name: string, paths: CapturePaths): string[] {
  const problems: string[] = [];
  const maker = sessionsMaking(name, paths);
  if (maker) problems.push(`a capture called "${name}" is made by ${maker} already`);
  for (const { path, lesson } of courseLessons(paths)) {
    const file = `${CAPTURES_FOLDER}/${name}.jsonl`;
    if (existsSync(join(path, file))) problems.push(`${lesson.folder}/${file} exists already`);
  }
  return problems;
}

/** The names an import line binds: `* as script` → script, `{ a, type B }` → a, B. */
const boundBy = (line: string) =>
  (/import\s+(?:type\s+)?(.*?)\s+from/.exec(line)?.[1] ?? '')
    .replace(/[{}*]|\bas\b|\btype\b/g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);

/** The lesson's sessions file with the template's session, its entry and missing imports added. */
export function addSession(existing: string, template: string, file: string): string {
  const lines = template.split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const body = lines.findIndex((l) => l.startsWith('/** The capture '));
  const opening = lines.indexOf(OPENING);
  const entry = lines[opening + 1]!;
  const out = existing.split('\n');
  const at = out.indexOf(OPENING);
  const close = out.findIndex((l, i) => i > at && l === '});');
  if (at === -1 || close === -1) {
    throw new NewError(`${file} has no "${OPENING} ... });" to add the capture to`, 1);
  }
  out.splice(close, 0, entry);
  out.splice(at, 0, ...lines.slice(body, opening));
  const bound = new Set(out.filter((l) => l.startsWith('import ')).flatMap(boundBy));
  const missing = imports.filter((l) => !boundBy(l).some((name) => bound.has(name)));
  const lastImport = out.findLastIndex((l) => l.startsWith('import ') || l.startsWith('} from'));
  out.splice(lastImport + 1, 0, ...missing);
  return out.join('\n');
}

/** Writes the session into its lesson's sessions file; returns that file's path. */
export async function newCapture(
  name: string,
  lessonSlug: string,
  paths: CapturePaths,
): Promise<string> {
  const taken = captureTaken(name, paths);
  if (taken.length > 0) throw new NewError(`${taken.join('; ')}; choose another name`, 1);
  const lessons = lessonFoldersIn(paths.lessonsDir);
  const lesson = lessons.find((l) => l.slug === lessonSlug);
  if (!lesson) {
    throw new NewError(
      `--lesson ${lessonSlug}: there is no lesson folder <NN>-${lessonSlug}; the lessons are ${lessons.map((l) => l.slug).join(', ') || 'none yet'}`,
      1,
    );
  }

  const target = join(folderIn(paths.lessonsDir, lesson), SESSIONS);
  const template = readFileSync(
    join(paths.repo, 'templates', 'capture-session.ts.template'),
    'utf8',
  )
    .replaceAll('{{name}}', name)
    .replaceAll('{{variable}}', variableFor(name))
    .replaceAll('{{lesson}}', `${lesson.order} (${lesson.slug})`);
  const before = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  const text = before === undefined ? template : addSession(before, template, lesson.folder);
  // The repository's style, also for a lessons folder elsewhere (the scaffolder's tests).
  const config = (await prettier.resolveConfig(join(paths.repo, SESSIONS))) ?? {};
  const formatted = await prettier.format(text, { ...config, filepath: target });
  try {
    writeFileSync(target, formatted);
  } catch (err) {
    if (before !== undefined) writeFileSync(target, before);
    throw new NewError(`could not write the capture session: ${(err as Error).message}`, 1);
  }
  return target;
}
