// `npm run --silent new -- lesson <slug> --title "..." [--summary "..."] [--order N]`
// `npm run --silent new -- exercise <id> --lesson <slug> --title "..." [--summary "..."]`
// Starts a lesson from templates/lesson.mdx (exercises: see new-exercise.ts). The frontmatter it writes is validated with the
// same schema the site build uses, so a lesson that starts here also builds.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { describeLessonErrors } from '../src/content/lesson-schema.ts';
import { isLessonSlug } from '../sandbox/exercises/ids.ts';
import { EXERCISE_USAGE, ExerciseArgs, NewError, newExercise } from './new-exercise.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const lessonsDir = process.env.MCP_WIRE_LESSONS_DIR ?? repo + 'lessons/';
// Overridable so that tests scaffold into a copy of the exercises folder.
const exercisesDir = process.env.MCP_WIRE_EXERCISES_DIR ?? repo + 'exercises/';
const registry = process.env.MCP_WIRE_EXERCISES_REGISTRY ?? exercisesDir + 'registry.ts';
const testsDir = process.env.MCP_WIRE_EXERCISE_TESTS_DIR ?? repo + 'tests/exercises/';

const USAGE = `usage: npm run --silent new -- lesson <slug> --title "Title" [--summary "..."] [--order N]

  <slug>      kebab-case file name, e.g. the-handshake (writes lessons/the-handshake.mdx)
  --title     the lesson's title
  --summary   one sentence saying what it teaches (default: a placeholder to replace)
  --order     its place in the course (default: after the last lesson)

${EXERCISE_USAGE}`;

const Args = z.object({
  kind: z.literal('lesson', { error: 'the first word must be "lesson" or "exercise"' }),
  slug: z
    .string({ error: 'a slug is required, e.g. the-handshake' })
    .refine(isLessonSlug, { error: 'the slug must be kebab-case, e.g. the-handshake' }),
  title: z
    .string({ error: '--title is required' })
    .trim()
    .min(1, { error: '--title must not be empty' }),
  summary: z
    .string()
    .trim()
    .min(1)
    .default('Replace this with one sentence saying what the lesson teaches.'),
  order: z
    .string()
    .regex(/^[1-9]\d*$/, { error: '--order must be a whole number of 1 or more' })
    .transform(Number)
    .optional(),
});

function fail(message: string, code = 2): never {
  console.error(`new: ${message}\n\n${USAGE}`);
  process.exit(code);
}

function nextOrder(): number {
  const orders = readdirSync(lessonsDir)
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => /^order:\s*(\d+)/m.exec(readFileSync(lessonsDir + f, 'utf8'))?.[1])
    .filter((o): o is string => o !== undefined)
    .map(Number);
  return orders.length === 0 ? 1 : Math.max(...orders) + 1;
}

/** YAML single-quoted scalars escape a quote by doubling it. */
const yamlQuoted = (s: string) => s.replaceAll("'", "''");

let parsed: ReturnType<typeof parseArgs>;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      title: { type: 'string' },
      summary: { type: 'string' },
      order: { type: 'string' },
      lesson: { type: 'string' },
    },
  });
} catch (err) {
  fail((err as Error).message);
}
const [kind, slug, ...extra] = parsed.positionals;
if (extra.length > 0) fail(`unexpected argument "${extra[0]}" (quote a title with spaces)`);
if (kind === 'exercise') {
  const exArgs = ExerciseArgs.safeParse({ id: slug, ...parsed.values });
  if (!exArgs.success) fail(exArgs.error.issues.map((i) => i.message).join('\n'));
  try {
    const target = await newExercise(exArgs.data, { repo, exercisesDir, registry, testsDir });
    console.log(
      `wrote ${target}, its test in ${testsDir}, and registered it in ${registry}.\n` +
        `Its starter must fail and its solution pass: npm run --silent exercise -- check ` +
        `${exArgs.data.id} (then --solution).`,
    );
    process.exit(0);
  } catch (err) {
    if (err instanceof NewError) fail(err.message, err.code);
    throw err;
  }
}
if (parsed.values.lesson !== undefined) fail('--lesson is for exercises, not lessons');
const args = Args.safeParse({ kind, slug, ...parsed.values });
if (!args.success) fail(args.error.issues.map((i) => i.message).join('\n'));

const target = `${lessonsDir}${args.data.slug}.mdx`;
if (existsSync(target)) fail(`${target} exists already; choose another slug`, 1);

const order = args.data.order ?? nextOrder();
const text = readFileSync(repo + 'templates/lesson.mdx', 'utf8')
  .replace('{{title}}', yamlQuoted(args.data.title))
  .replace('{{summary}}', yamlQuoted(args.data.summary))
  .replace('{{order}}', String(order));

// The same schema as the build: a template that drifts from it is caught here, not later.
const frontmatter = {
  title: args.data.title,
  summary: args.data.summary,
  order,
  spec: '2025-11-25',
  exercises: [],
};
const problems = describeLessonErrors(target, frontmatter);
if (problems.length > 0) fail(problems.join('\n'), 1);

writeFileSync(target, text, { flag: 'wx' });
console.log(
  `wrote ${target} (order ${order}). Run npm start and open /lessons/${args.data.slug}/.`,
);
