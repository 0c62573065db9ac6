// The names exercises are known by. An exercise id is a folder name, a URL segment, a CLI
// argument, a key in the checks registry and (camel-cased) a variable name in it, so one rule
// has to suit them all: lower-case kebab-case, starting with a letter (a variable name cannot
// start with a digit), no doubled, leading or trailing "-", and short enough for a URL.
import { z } from 'zod';

/** The id pattern without anchors, for building larger patterns (the registry's import lines). */
export const EXERCISE_ID_BODY = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*';
const EXERCISE_ID = new RegExp(`^${EXERCISE_ID_BODY}$`);
const MAX_ID_LENGTH = 64;

/** The rule in words, for messages: "… must be <rule>". */
export const EXERCISE_ID_RULE =
  'kebab-case: lower-case words joined by "-", starting with a letter, e.g. ask-the-model';

export function isExerciseId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_ID_LENGTH && EXERCISE_ID.test(value);
}

/** An exercise id typed by a person; each caller says what is missing in its own words. */
export function exerciseIdSchema(messages: { missing: string; wrong: string }) {
  return z.string({ error: messages.missing }).refine(isExerciseId, { error: messages.wrong });
}

// A lesson's slug is its folder's name after the number (lessons/12-sampling/ is sampling).
const LESSON_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isLessonSlug(value: unknown): value is string {
  return typeof value === 'string' && LESSON_SLUG.test(value);
}
