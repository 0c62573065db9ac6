// `npm run --silent new -- lesson <slug> --title "..." [--summary "..."] [--order N] [--capture NAME]`
// `npm run --silent new -- exercise <id> --lesson <slug> --title "..." [--summary "..."]`
// `npm run --silent new -- capture <name> --lesson <slug>`
// Starts a lesson from templates/lesson.mdx (exercises: see new-exercise.ts; capture
// sessions: new-capture.ts). The frontmatter it writes is validated with the same schema the
// site build uses, and its frames come from a capture session scaffolded and recorded with
// it, so a lesson that starts here also builds and shows frames.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describeLessonErrors } from '../src/content/lesson-schema.ts';
import { isLessonSlug } from '../sandbox/exercises/ids.ts';
import {
  LESSON_FILE,
  lessonFolderName,
  lessonFoldersIn,
} from '../sandbox/course/lesson-folders.ts';
import {
  checkArgs,
  exitOnUsageError,
  flagsOf,
  readArgs,
  UsageError,
  wholeNumber,
} from '../sandbox/input/cli-args.ts';
import { summaryFlag, titleFlag } from './text-flags.ts';
import { EXERCISE_USAGE, ExerciseArgs, NewError, newExercise } from './new-exercise.ts';
import {
  CAPTURE_USAGE,
  CaptureArgs,
  captureNameSchema,
  captureTaken,
  sessionsMaking,
  newCapture,
  type CapturePaths,
} from './new-capture.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const lessonsDir = process.env.MCP_WIRE_LESSONS_DIR ?? repo + 'lessons/';
const capturePaths: CapturePaths = { repo, lessonsDir };

const USAGE = `usage: npm run --silent new -- lesson <slug> --title "Title" [--summary "..."] [--order N] [--capture NAME]

  <slug>      kebab-case name, e.g. the-handshake (writes lessons/<NN>-the-handshake/lesson.mdx)
  --title     the lesson's title
  --summary   one sentence saying what it teaches (default: a placeholder to replace)
  --order     its place in the course, the folder's number NN (default: after the last lesson)
  --capture   show this existing capture (default: start a capture session named <slug>
              and record it, as new -- capture does)

${EXERCISE_USAGE}

${CAPTURE_USAGE}`;

const Args = z.object({
  kind: z.literal('lesson', {
    error: 'the first word must be "lesson", "exercise" or "capture"',
  }),
  slug: z
    .string({ error: 'a slug is required, e.g. the-handshake' })
    .refine(isLessonSlug, { error: 'the slug must be kebab-case, e.g. the-handshake' }),
  title: titleFlag,
  summary: summaryFlag('Replace this with one sentence saying what the lesson teaches.'),
  order: wholeNumber('--order', {
    min: 1,
    max: 10_000,
    tooSmall: '--order must be a whole number of 1 or more',
  }).optional(),
  capture: captureNameSchema.optional(),
  lesson: z.never({ error: '--lesson is for exercises, not lessons' }).optional(),
});

/** A refusal after the arguments were fine (exit 1), explained with the usage all the same. */
function fail(message: string, code: number): never {
  console.error(`new: ${message}\n\n${USAGE}`);
  process.exit(code);
}

/** The course's lesson folders; a folder named against the rule stops the scaffolder. */
function existingLessons() {
  try {
    return lessonFoldersIn(lessonsDir);
  } catch (err) {
    fail((err as Error).message, 1);
  }
}

/** The words after `new`: which kind of thing to start, and its checked arguments. */
function readCommandLine(argv: string[]) {
  const { values, positionals } = readArgs(argv, flagsOf(Args, ['kind', 'slug']), true);
  const [kind, slug, ...extra] = positionals;
  if (extra.length > 0) {
    throw new UsageError(`unexpected argument "${extra[0]}" (quote a title with spaces)`);
  }
  if (kind === 'exercise') {
    return { kind, args: checkArgs(ExerciseArgs, { id: slug, ...values }) } as const;
  }
  if (kind === 'capture') {
    return { kind, args: checkArgs(CaptureArgs, { name: slug, ...values }) } as const;
  }
  return { kind: 'lesson', args: checkArgs(Args, { kind, slug, ...values }) } as const;
}

/** YAML single-quoted scalars escape a quote by doubling it. */
const yamlQuoted = (s: string) => s.replaceAll("'", "''");

let parsed: ReturnType<typeof readCommandLine>;
try {
  parsed = readCommandLine(process.argv.slice(2));
} catch (err) {
  exitOnUsageError(err, USAGE, 'new');
}
if (parsed.kind === 'exercise') {
  try {
    const target = await newExercise(parsed.args, { repo, lessonsDir });
    console.log(
      `wrote ${target}, with its fixture table in fixtures.test.ts.\n` +
        `Its starter must fail and its solution pass: npm run --silent exercise -- check ` +
        `${parsed.args.id} (then --solution).`,
    );
    process.exit(0);
  } catch (err) {
    if (err instanceof NewError) fail(err.message, err.code);
    throw err;
  }
}
if (parsed.kind === 'capture') {
  try {
    const script = await newCapture(parsed.args.name, parsed.args.lesson, capturePaths);
    console.log(
      `wrote the session "${parsed.args.name}" in ${relative(process.cwd(), script)}.\n` +
        `Describe the session there, then record it: npm run capture -- --only ${parsed.args.name}`,
    );
    process.exit(0);
  } catch (err) {
    if (err instanceof NewError) fail(err.message, err.code);
    throw err;
  }
}
const lesson = parsed.args;

const lessons = existingLessons();
const order = lesson.order ?? Math.max(0, ...lessons.map((l) => l.order)) + 1;
const sameSlug = lessons.find((l) => l.slug === lesson.slug);
if (sameSlug) fail(`${sameSlug.file} exists already; choose another slug`, 1);
const sameOrder = lessons.find((l) => l.order === order);
if (sameOrder) fail(`lesson ${order} is ${sameOrder.folder} already; choose another --order`, 1);
const folder = `${lessonsDir}${lessonFolderName(order, lesson.slug)}/`;
const target = `${folder}${LESSON_FILE}`;

// The capture the lesson's frames come from: one named with --capture must exist; otherwise
// a session named after the lesson is started, so it must not exist yet.
const captureName = lesson.capture ?? lesson.slug;
if (lesson.capture !== undefined && sessionsMaking(lesson.capture, capturePaths) === undefined) {
  fail(
    `there is no capture called "${lesson.capture}" in any lesson's sessions.ts; ` +
      `leave out --capture to start one named after the lesson`,
    1,
  );
}
if (lesson.capture === undefined) {
  const taken = captureTaken(captureName, capturePaths);
  if (taken.length > 0) {
    fail(`${taken.join('; ')}; show it with --capture ${captureName}, or choose another slug`, 1);
  }
}

// One pass with a function: the author's words are put in as they are, never read as
// replacement patterns ($&, $') or as placeholders themselves ({{summary}} in a title).
const values: Record<string, string> = {
  title: yamlQuoted(lesson.title),
  summary: yamlQuoted(lesson.summary),
  capture: captureName,
};
const text = readFileSync(repo + 'templates/lesson.mdx', 'utf8').replace(
  /\{\{(\w+)\}\}/g,
  (whole, key: string) => values[key] ?? whole,
);

// The same schema as the build: a template that drifts from it is caught here, not later.
const frontmatter = {
  title: lesson.title,
  summary: lesson.summary,
  spec: '2025-11-25',
};
const problems = describeLessonErrors(target, frontmatter);
if (problems.length > 0) fail(problems.join('\n'), 1);

mkdirSync(folder, { recursive: true });
writeFileSync(target, text, { flag: 'wx' });
if (lesson.capture === undefined) {
  let sessions: string;
  try {
    sessions = relative(process.cwd(), await newCapture(captureName, lesson.slug, capturePaths));
  } catch (err) {
    // The lesson's folder was made just now: take it back rather than leave half a lesson.
    rmSync(folder, { recursive: true, force: true });
    if (err instanceof NewError) fail(err.message, err.code);
    throw err;
  }
  // Recorded now, so the lesson builds and shows frames before its session is rewritten.
  const recorded = spawnSync(
    process.execPath,
    [repo + 'sandbox/capture/cli.ts', '--only', captureName],
    { encoding: 'utf8' },
  );
  if (recorded.status !== 0) {
    fail(
      `wrote ${target} and ${sessions}, but recording the capture failed:\n${recorded.stderr}`,
      1,
    );
  }
  console.log(
    `wrote ${target} (order ${order}), its capture session in ${sessions} and ` +
      `${relative(process.cwd(), folder)}/captures/${captureName}.jsonl.\n` +
      `Describe the session there, then npm run capture -- --only ${captureName}; ` +
      `npm start and open /lessons/${lesson.slug}/.`,
  );
} else {
  console.log(`wrote ${target} (order ${order}). Run npm start and open /lessons/${lesson.slug}/.`);
}
