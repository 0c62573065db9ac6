// `npm run --silent new -- exercise <id> --lesson <slug> --title "..." [--summary "..."]`
// Starts an exercise in its lesson's folder, lessons/<NN>-<slug>/exercises/<id>/, from
// templates/lesson/exercises/exercise/ (its check.ts is all the registry needs: the registry
// finds every exercise folder with one), with its fixture table beside it (fixtures.test.ts,
// from templates/exercise.test.ts.template). One new folder and no list edited: the lesson
// it sits in is its lesson. The exercise.json it writes is validated with the harness's own
// schema before anything is written and loaded again afterwards; on any failure nothing is
// left changed.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { lessonFoldersIn } from '../sandbox/course/lesson-folders.ts';
import { EXERCISES_DIR, exerciseFoldersIn } from '../sandbox/course/exercise-folders.ts';
import { parseWithFriendlyErrors } from '../sandbox/input/friendly-errors.ts';
import { EXERCISE_ID_RULE, exerciseIdSchema, isLessonSlug } from '../sandbox/exercises/ids.ts';
import { ExerciseMeta } from '../sandbox/exercises/schema.ts';
import { summaryFlag, titleFlag } from './text-flags.ts';
import { loadExerciseFolder } from '../sandbox/exercises/loader.ts';

export const EXERCISE_USAGE = `usage: npm run --silent new -- exercise <id> --lesson <slug> --title "Title" [--summary "..."]

  <id>        kebab-case folder name, e.g. call-a-tool (writes lessons/<NN>-<slug>/exercises/call-a-tool/)
  --lesson    the slug of the lesson it belongs to, e.g. the-wire
  --title     the exercise's title
  --summary   one sentence saying what the learner does (default: a placeholder to replace)`;

export const ExerciseArgs = z.object({
  id: exerciseIdSchema({
    missing: 'an exercise id is required, e.g. call-a-tool',
    wrong: `the id must be ${EXERCISE_ID_RULE}`,
  }),
  lesson: z
    .string({ error: '--lesson is required (the slug of its lesson, e.g. the-wire)' })
    .refine(isLessonSlug, { error: '--lesson must be a lesson slug like the-wire' }),
  title: titleFlag,
  summary: summaryFlag('Replace this with one sentence saying what the learner does.'),
  order: z.never({ error: '--order is for lessons, not exercises' }).optional(),
});
export type ExerciseArgs = z.infer<typeof ExerciseArgs>;

/** Thrown with the exit code the command should end with (2 usage, 1 refused). */
export class NewError extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

export interface Paths {
  repo: string;
  /** Where the lessons are: an exercise goes into the folder of one that exists. */
  lessonsDir: string;
}

/** The template's folder: as deep as an exercise's in a lesson, so its imports resolve in both. */
const TEMPLATE = ['templates', 'lesson', EXERCISES_DIR, 'exercise'];
/** The fixture table's file in the exercise's folder, and its template. */
const TABLE = 'fixtures.test.ts';
const TABLE_TEMPLATE = ['templates', 'exercise.test.ts.template'];

/** A JSON string's inside, for filling a placeholder that sits between quotes. */
const inJson = (s: string) => JSON.stringify(s).slice(1, -1);

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The course's exercises; a folder named against the rules stops the scaffolder. */
function exercisesIn(lessonsDir: string) {
  try {
    return exerciseFoldersIn(lessonsDir);
  } catch (err) {
    throw new NewError((err as Error).message, 1);
  }
}

/** Writes the exercise's folder in its lesson's (its check.ts is what the registry finds). */
export async function newExercise(args: ExerciseArgs, paths: Paths): Promise<string> {
  const template = join(paths.repo, ...TEMPLATE);
  // Caught here, not eleven seconds into a build that cannot link the exercise to its page.
  const lessons = lessonFoldersIn(paths.lessonsDir);
  const lesson = lessons.find((l) => l.slug === args.lesson);
  if (!lesson) {
    const known = lessons.map((l) => l.slug).sort();
    throw new NewError(
      `--lesson ${args.lesson}: there is no lesson folder ${join(paths.lessonsDir, `<NN>-${args.lesson}`)}` +
        (known.length > 0 ? `; the lessons are ${known.join(', ')}` : ''),
      1,
    );
  }
  const target = join(paths.lessonsDir, basename(lesson.folder), EXERCISES_DIR, args.id);
  // Ids are URLs, so one in another lesson is taken too.
  const taken = exercisesIn(paths.lessonsDir).find((e) => e.id === args.id);
  if (taken) throw new NewError(`${taken.folder} exists already; choose another id`, 1);
  if (existsSync(target)) {
    throw new NewError(`${target} exists already; choose another id`, 1);
  }

  // Everything is prepared and validated first, so that a refusal changes nothing.
  const values = { id: args.id, title: args.title, summary: args.summary };
  const jsonValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, inJson(v)]));
  const exerciseJson = fill(readFileSync(join(template, 'exercise.json'), 'utf8'), jsonValues);
  try {
    parseWithFriendlyErrors(ExerciseMeta, JSON.parse(exerciseJson), { file: 'exercise.json' });
  } catch (err) {
    throw new NewError((err as Error).message, 1);
  }
  const task = fill(readFileSync(join(template, 'task.md'), 'utf8'), values);
  const table = fill(readFileSync(join(paths.repo, ...TABLE_TEMPLATE), 'utf8'), values);

  try {
    cpSync(template, target, { recursive: true, errorOnExist: true, force: false });
    writeFileSync(join(target, 'exercise.json'), exerciseJson);
    writeFileSync(join(target, 'task.md'), task);
    writeFileSync(join(target, TABLE), table, { flag: 'wx' });
    // Found and loaded as the harness will: by its folder, the schema again, every listed file.
    const found = exerciseFoldersIn(paths.lessonsDir).find((e) => e.id === args.id);
    if (!found) throw new Error(`${target} is not found where exercises are looked for`);
    loadExerciseFolder(found);
  } catch (err) {
    rmSync(target, { recursive: true, force: true });
    throw new NewError(`could not write the exercise: ${(err as Error).message}`, 1);
  }
  return target;
}
