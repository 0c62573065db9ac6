// Frontmatter of a lesson (lessons/*.mdx). Authors are people, so every failure message says
// which field is wrong and what a good value looks like; Astro prefixes it with the file.
import { z } from 'astro/zod';
import { isExerciseId } from '../../sandbox/exercises/ids.ts';
import { friendlyLines } from '../../sandbox/input/friendly-errors.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The message for a missing field differs from the one for a wrong value. */
function message(field: string, missing: string, wrong: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `${field} is required: ${missing}`
      : `${field} ${wrong}, not ${JSON.stringify(issue.input)}`;
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
    order: z
      .number({
        error: message(
          'order',
          'the lesson number in the course, e.g. order: 2',
          'must be a whole number such as 2',
        ),
      })
      .int({ error: 'order must be a whole number such as 2' })
      .positive({ error: 'order must be 1 or more' }),
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
    exercises: z
      .array(
        z.string({ error: 'each exercise id must be text, e.g. raw-client' }).refine(isExerciseId, {
          error: 'each exercise id must be kebab-case, e.g. raw-client',
        }),
        { error: 'exercises must be a list of exercise ids, e.g. exercises: [raw-client]' },
      )
      .default([]),
    draft: z.boolean({ error: 'draft must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.join(', ')}: allowed are title, summary, order, spec, exercises, draft`
        : undefined,
  },
);

export type LessonFrontmatter = z.infer<typeof lessonSchema>;

/** One line per problem, "file: field: message", for tools that validate outside Astro. */
export function describeLessonErrors(file: string, data: unknown): string[] {
  const parsed = lessonSchema.safeParse(data);
  if (parsed.success) return [];
  return friendlyLines(parsed.error, { file, topLevel: '(frontmatter)' });
}
