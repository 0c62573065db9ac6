// `npm run --silent new -- exercise <id> --lesson <slug> --title "..." [--summary "..."]`
// Starts an exercise from templates/exercise/ (its check.ts is all the registry needs: the
// registry finds every exercise folder with one) and writes its test (tests/exercises/<id>.test.ts, from templates/exercise.test.ts.template). The
// exercise.json it writes is validated with the harness's own schema before anything is
// written and loaded again afterwards; on any failure nothing is left changed.
import { lessonFoldersIn } from '../sandbox/course/lesson-folders.ts';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseWithFriendlyErrors } from '../sandbox/input/friendly-errors.ts';
import { EXERCISE_ID_RULE, exerciseIdSchema, isLessonSlug } from '../sandbox/exercises/ids.ts';
import { ExerciseMeta } from '../sandbox/exercises/schema.ts';
import { summaryFlag, titleFlag } from './text-flags.ts';
import { loadExercise } from '../sandbox/exercises/loader.ts';

export const EXERCISE_USAGE = `usage: npm run --silent new -- exercise <id> --lesson <slug> --title "Title" [--summary "..."]

  <id>        kebab-case folder name, e.g. call-a-tool (writes exercises/call-a-tool/)
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
  exercisesDir: string;
  /** Where the exercise's test file goes (tests/exercises/). */
  testsDir: string;
  /** Where the lessons are: an exercise belongs to one that exists. */
  lessonsDir: string;
}

/** A JSON string's inside, for filling a placeholder that sits between quotes. */
const inJson = (s: string) => JSON.stringify(s).slice(1, -1);

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Writes the exercise folder (its check.ts is what the registry finds) and its test file. */
export async function newExercise(args: ExerciseArgs, paths: Paths): Promise<string> {
  const template = join(paths.repo, 'templates', 'exercise');
  const target = join(paths.exercisesDir, args.id);
  if (existsSync(target)) {
    throw new NewError(`${target} exists already; choose another id`, 1);
  }
  const testFile = join(paths.testsDir, `${args.id}.test.ts`);
  if (existsSync(testFile)) throw new NewError(`${testFile} exists already`, 1);
  // Caught here, not eleven seconds into a build that cannot link the exercise to its page.
  const lessons = lessonFoldersIn(paths.lessonsDir);
  if (!lessons.some((lesson) => lesson.slug === args.lesson)) {
    const known = lessons.map((lesson) => lesson.slug).sort();
    throw new NewError(
      `--lesson ${args.lesson}: there is no lesson folder ${join(paths.lessonsDir, `<NN>-${args.lesson}`)}` +
        (known.length > 0 ? `; the lessons are ${known.join(', ')}` : ''),
      1,
    );
  }

  // Everything is prepared and validated first, so that a refusal changes nothing.
  const values = { id: args.id, lesson: args.lesson, title: args.title, summary: args.summary };
  const jsonValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, inJson(v)]));
  const exerciseJson = fill(readFileSync(join(template, 'exercise.json'), 'utf8'), jsonValues);
  try {
    parseWithFriendlyErrors(ExerciseMeta, JSON.parse(exerciseJson), { file: 'exercise.json' });
  } catch (err) {
    throw new NewError((err as Error).message, 1);
  }
  const task = fill(readFileSync(join(template, 'task.md'), 'utf8'), values);
  const test = fill(
    readFileSync(join(paths.repo, 'templates', 'exercise.test.ts.template'), 'utf8'),
    values,
  );

  try {
    cpSync(template, target, { recursive: true, errorOnExist: true, force: false });
    writeFileSync(join(target, 'exercise.json'), exerciseJson);
    writeFileSync(join(target, 'task.md'), task);
    writeFileSync(testFile, test, { flag: 'wx' });
    // Load it as the harness will: the schema again, and every listed file present.
    loadExercise(paths.exercisesDir, args.id);
  } catch (err) {
    rmSync(target, { recursive: true, force: true });
    rmSync(testFile, { force: true });
    throw new NewError(`could not write the exercise: ${(err as Error).message}`, 1);
  }
  return target;
}
