// The free-text flags that `new lesson` and `new exercise` share, with the same messages.
import { z } from 'zod';

// A title or summary lands on one line of YAML frontmatter (and of exercise.json): a line
// break would end the value mid-sentence, or a "---" on its own line end the frontmatter.

export const titleFlag = z
  .string({ error: '--title is required' })
  .trim()
  .min(1, { error: '--title must not be empty' })
  .refine((s) => !/\p{Cc}/u.test(s), {
    error: '--title must be one line of text: no line breaks, tabs or other control characters',
  });

/** --summary, defaulting to a placeholder sentence the author is meant to replace. */
export const summaryFlag = (placeholder: string) =>
  z
    .string()
    .trim()
    .min(1, { error: '--summary must not be empty' })
    .refine((s) => !/\p{Cc}/u.test(s), {
      error: '--summary must be one line of text: no line breaks, tabs or other control characters',
    })
    .default(placeholder);
