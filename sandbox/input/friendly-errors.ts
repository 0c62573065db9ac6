// Turns zod failures into sentences a person can act on. Everything people type (exercise.json,
// lesson frontmatter, command-line flags) is parsed through here, so every mistake reads the
// same way: "file: field: what was expected, what was received", one line per problem.
import type { z } from 'zod';

/** A value a person wrote did not fit its schema; `lines` holds one sentence per problem. */
export class InputError extends Error {
  override name = 'InputError';
  readonly lines: readonly string[];
  constructor(lines: readonly string[]) {
    super(lines.join('\n'));
    this.lines = lines;
  }
}

export interface Where {
  /** Shown first on every line, e.g. "lessons/02-…/exercises/x/exercise.json". Omit for bare messages. */
  file?: string;
  /** Names a problem that is about the whole value rather than one field. */
  topLevel?: string;
}

/** One line per issue: `file: field.path: message` (or just the message without a file). */
export function friendlyLines(error: z.ZodError, where: Where = {}): string[] {
  return error.issues.map((issue) => {
    if (where.file === undefined) return issue.message;
    const field = issue.path.length > 0 ? issue.path.join('.') : (where.topLevel ?? '(top level)');
    return `${where.file}: ${field}: ${issue.message}`;
  });
}

/** The parsed value, or an InputError whose lines name the file and each wrong field. */
export function parseWithFriendlyErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: Where = {},
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InputError(friendlyLines(parsed.error, where));
  return parsed.data;
}
