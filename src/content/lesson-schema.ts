// Frontmatter of a lesson (lessons/<NN>-<slug>/lesson.mdx). Authors are people, so every failure message says
// which field is wrong and what a good value looks like; Astro prefixes it with the file.
import { z } from 'astro/zod';
import { friendlyLines } from '../../sandbox/input/friendly-errors.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The message for a missing field differs from the one for a wrong value. */
function message(field: string, missing: string, wrong: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `${field} is required: ${missing}`
      : `${field} ${wrong}, not ${JSON.stringify(issue.input)}`;
}

/** Fields a lesson once had, and where what they said lives now. */
const MOVED: Record<string, string> = {
  order: "the lesson's place in the course is its folder's number (lessons/02-the-wire/)",
  exercises:
    "a lesson's exercises are the folders in its exercises/ (lessons/02-the-wire/exercises/raw-client/)",
};

function unknownFields(keys: readonly string[]): string {
  const moved = keys.filter((key) => MOVED[key]).map((key) => `${key}: ${MOVED[key]}`);
  const other = keys.filter((key) => !MOVED[key]);
  return [
    ...moved,
    ...(other.length > 0
      ? [`unknown field ${other.join(', ')}: allowed are title, summary, spec, draft`]
      : []),
  ].join('; ');
}

export const lessonSchema = z.strictObject(
  {
    title: z
      .string({ error: message('title', 'a short text such as "The wire"', 'must be text') })
      .trim()
      .min(1, { error: 'title must not be empty' }),
    summary: z
      .string({
        error: message('summary', 'one sentence saying what the lesson teaches', 'must be text'),
      })
      .trim()
      .min(1, { error: 'summary must not be empty' }),
    spec: z
      .string({
        error: message(
          'spec',
          'the MCP spec revision, e.g. spec: "2025-11-25"',
          'must be a revision date in quotes such as "2025-11-25"',
        ),
      })
      .regex(isoDate, {
        error: 'spec must be a spec revision date in quotes, e.g. spec: "2025-11-25"',
      }),
    draft: z.boolean({ error: 'draft must be true or false' }).optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFields(issue.keys) : undefined),
  },
);

export type LessonFrontmatter = z.infer<typeof lessonSchema>;

/** One line per problem, "file: field: message", for tools that validate outside Astro. */
export function describeLessonErrors(file: string, data: unknown): string[] {
  const parsed = lessonSchema.safeParse(data);
  if (parsed.success) return [];
  return friendlyLines(parsed.error, { file, topLevel: '(frontmatter)' });
}
