// Progress as a file a learner can carry to another browser: every exercise (its saved files
// and done mark), every lesson read, every quiz answer, gathered from localStorage into one
// versioned JSON document, and read back through a schema that says in plain words why a
// wrong file is wrong. Importing merges: what the file holds replaces the same exercise,
// lesson or quiz here; anything the file does not mention stays.
import * as z from 'zod';
import { friendlyLines } from '../../sandbox/input/friendly-errors.ts';
import { MAX_SAVED_FILE_CHARS, readProgress } from '../workbench/progress.ts';
import { EXERCISE_PREFIX, LESSON_PREFIX, QUIZ_PREFIX } from './keys.ts';

export const FORMAT = 'mcp-on-the-wire-progress';
export const VERSION = 1;

export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const Name = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a lowercase name such as "the-wire"');
const Exercise = z.object({
  files: z.record(z.string(), z.string().max(MAX_SAVED_FILE_CHARS)),
  done: z.boolean(),
});
const Lesson = z.object({ read: z.literal(true), at: z.string().optional() });
const Answer = z.object({ chosen: z.number().int().min(0).max(25), correct: z.boolean() });
const Quiz = z.record(z.string().regex(/^quiz-\d+-q\d+$/), Answer);

export const ProgressFile = z.object({
  format: z.literal(FORMAT, { error: `this is not a progress file of this course` }),
  version: z.literal(VERSION, { error: `only version ${VERSION} progress files can be read` }),
  exportedAt: z.string(),
  exercises: z.record(Name, Exercise),
  lessons: z.record(Name, Lesson),
  quizzes: z.record(Name, Quiz),
});
export type ProgressFile = z.infer<typeof ProgressFile>;
export type Answers = z.infer<typeof Quiz>;

function keysOf(store: Store): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  return keys.sort();
}

function json(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? '');
  } catch {
    return undefined;
  }
}

/** Everything stored here, in the file's shape; unreadable entries are left out. */
export function collectProgress(store: Store, now = new Date()): ProgressFile {
  const file: ProgressFile = {
    format: FORMAT,
    version: VERSION,
    exportedAt: now.toISOString(),
    exercises: {},
    lessons: {},
    quizzes: {},
  };
  for (const key of keysOf(store)) {
    const raw = store.getItem(key);
    if (key.startsWith(EXERCISE_PREFIX)) {
      const progress = readProgress(raw).progress;
      if (progress) file.exercises[key.slice(EXERCISE_PREFIX.length)] = progress;
    } else if (key.startsWith(LESSON_PREFIX)) {
      const lesson = Lesson.safeParse(json(raw));
      if (lesson.success) file.lessons[key.slice(LESSON_PREFIX.length)] = lesson.data;
    } else if (key.startsWith(QUIZ_PREFIX)) {
      const quiz = Quiz.safeParse(json(raw));
      if (quiz.success) file.quizzes[key.slice(QUIZ_PREFIX.length)] = quiz.data;
    }
  }
  return file;
}

export type Parsed = { ok: true; file: ProgressFile } | { ok: false; lines: string[] };

/** Reads an imported file's text; a wrong file gets one sentence per problem. */
export function parseProgressFile(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, lines: ['This file is not JSON, so it is not a progress export.'] };
  }
  const parsed = ProgressFile.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  const lines = friendlyLines(parsed.error, { file: 'progress file', topLevel: 'the file' });
  return { ok: false, lines: lines.slice(0, 5) };
}

export interface ImportPlan {
  exercises: number;
  /** Exercises whose code saved here differs from the file's and would be replaced. */
  replacedCode: string[];
  lessons: number;
  quizzes: number;
}

export function planImport(store: Store, file: ProgressFile): ImportPlan {
  const replacedCode = Object.entries(file.exercises)
    .filter(([id, incoming]) => {
      const here = readProgress(store.getItem(EXERCISE_PREFIX + id)).progress;
      return here !== undefined && JSON.stringify(here.files) !== JSON.stringify(incoming.files);
    })
    .map(([id]) => id);
  return {
    exercises: Object.keys(file.exercises).length,
    replacedCode,
    lessons: Object.keys(file.lessons).length,
    quizzes: Object.keys(file.quizzes).length,
  };
}

/** The browser refused an entry of an import; nothing of the import was kept. */
export class ImportRefused extends Error {
  override name = 'ImportRefused';
  /** What was being stored when the browser refused, e.g. "exercise raw-client". */
  readonly entry: string;
  /** Characters of the import in all. */
  readonly size: number;
  constructor(entry: string, size: number) {
    super(`the browser refused to store ${entry}`);
    this.entry = entry;
    this.size = size;
  }
}

/**
 * Writes the file's entries over the same entries here (a merge: others are kept), all or
 * nothing: when the browser refuses one (its storage is full), every entry written so far
 * gets its old value back, so that progress is never half of one file and half of another.
 */
export function applyImport(store: Store, file: ProgressFile): void {
  const entries: { key: string; entry: string; text: string }[] = [
    ...Object.entries(file.exercises).map(([id, v]) => ({
      key: EXERCISE_PREFIX + id,
      entry: `exercise ${id}`,
      text: JSON.stringify(v),
    })),
    ...Object.entries(file.lessons).map(([slug, v]) => ({
      key: LESSON_PREFIX + slug,
      entry: `lesson ${slug}`,
      text: JSON.stringify(v),
    })),
    ...Object.entries(file.quizzes).map(([slug, v]) => ({
      key: QUIZ_PREFIX + slug,
      entry: `the quiz of ${slug}`,
      text: JSON.stringify(v),
    })),
  ];
  const before = entries.map(({ key }) => store.getItem(key));
  let written = 0;
  try {
    for (const { key, text } of entries) {
      store.setItem(key, text);
      written++;
    }
  } catch {
    for (let i = written - 1; i >= 0; i--) {
      const old = before[i];
      if (old === null) store.removeItem(entries[i].key);
      else store.setItem(entries[i].key, old);
    }
    const size = entries.reduce((n, e) => n + e.key.length + e.text.length, 0);
    throw new ImportRefused(entries[written].entry, size);
  }
}

/** Removes every exercise, lesson and quiz entry; the theme and anything else stay. */
export function resetProgress(store: Store): number {
  const ours = keysOf(store).filter((key) =>
    [EXERCISE_PREFIX, LESSON_PREFIX, QUIZ_PREFIX].some((prefix) => key.startsWith(prefix)),
  );
  for (const key of ours) store.removeItem(key);
  return ours.length;
}
