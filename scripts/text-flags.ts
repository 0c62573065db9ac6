// The free-text flags that `new lesson` and `new exercise` share, with the same messages.
import { z } from 'zod';

export const titleFlag = z
  .string({ error: '--title is required' })
  .trim()
  .min(1, { error: '--title must not be empty' });

/** --summary, defaulting to a placeholder sentence the author is meant to replace. */
export const summaryFlag = (placeholder: string) =>
  z.string().trim().min(1, { error: '--summary must not be empty' }).default(placeholder);
