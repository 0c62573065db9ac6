// Command-line arguments, read the same way by every command: node:util's parseArgs (strict,
// so a misspelt flag is an error rather than ignored), then a zod schema whose messages are
// written for the person at the terminal. A mistake is a UsageError; the command prints it
// with its usage text and exits 2, the code every command here reserves for "you typed it
// wrong" (0 and 1 keep their per-command meanings).
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { z } from 'zod';
import { friendlyLines } from './friendly-errors.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface RawArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** Flags as typed, before any checking: parseArgs's own complaints become UsageErrors. */
export function readArgs(
  argv: readonly string[],
  options: ParseArgsOptionsConfig,
  allowPositionals = false,
): RawArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals,
    });
    return { values, positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The schema's output, or a UsageError holding every problem, one per line. */
export function checkArgs<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new UsageError(friendlyLines(parsed.error).join('\n'));
  return parsed.data;
}

/**
 * The parseArgs options a schema implies, so each flag is named once: a field that is a
 * boolean (under optional/default) is a switch, anything else takes a string value (numbers
 * arrive as text and the schema converts them). Fields in `skip` are positionals, not flags.
 */
export function flagsOf(
  schema: z.ZodObject,
  skip: readonly string[] = [],
  short: Record<string, string> = {},
): ParseArgsOptionsConfig {
  const options: ParseArgsOptionsConfig = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    if (skip.includes(name)) continue;
    options[name] = { type: flagType(field as z.ZodType) };
    if (short[name]) options[name].short = short[name];
  }
  return options;
}

function flagType(field: z.ZodType): 'string' | 'boolean' {
  let inner: z.ZodType = field;
  for (;;) {
    if (inner instanceof z.ZodBoolean) return 'boolean';
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.in as z.ZodType;
    } else {
      return 'string';
    }
  }
}

export interface CliSpec<S extends z.ZodObject> {
  /** Every flag and positional, by name; the flags are derived from it (flagsOf). */
  schema: S;
  /** One-letter aliases, e.g. { help: 'h' }. */
  short?: Record<string, string>;
  /**
   * Names for the words that are not flags, in order; they join the flags in what the schema
   * sees. More words than names is a usage error worded by `tooMany` (given all the words).
   */
  positionals?: { names: readonly string[]; tooMany: (words: string[]) => string };
}

/** readArgs then checkArgs: the parsed arguments, or a UsageError. */
export function parseCliArgs<S extends z.ZodObject>(
  argv: readonly string[],
  spec: CliSpec<S>,
): z.output<S> {
  const options = flagsOf(spec.schema, spec.positionals?.names, spec.short);
  const { values, positionals } = readArgs(argv, options, spec.positionals !== undefined);
  const named: Record<string, string> = {};
  if (spec.positionals) {
    const { names, tooMany } = spec.positionals;
    if (positionals.length > names.length) throw new UsageError(tooMany(positionals));
    names.forEach((name, i) => {
      if (positionals[i] !== undefined) named[name] = positionals[i];
    });
  }
  return checkArgs(spec.schema, { ...named, ...values });
}

/**
 * Ends the process for a usage mistake: "<command>: <message>", a blank line and the usage
 * on stderr (stdout may be a protocol stream), exit code 2.
 */
export function failUsage(message: string, usage: string, command?: string): never {
  process.stderr.write(`${command ? `${command}: ` : ''}${message}\n\n${usage}\n`);
  process.exit(2);
}

/** failUsage for a UsageError; anything else is rethrown. */
export function exitOnUsageError(error: unknown, usage: string, command?: string): never {
  if (!(error instanceof UsageError)) throw error;
  failUsage(error.message, usage, command);
}

/** parseCliArgs, exiting with the usage text on a mistake. */
export function parseCliArgsOrExit<S extends z.ZodObject>(
  argv: readonly string[],
  spec: CliSpec<S> & { usage: string; command?: string },
): z.output<S> {
  try {
    return parseCliArgs(argv, spec);
  } catch (error) {
    exitOnUsageError(error, spec.usage, spec.command);
  }
}

export interface WholeNumberOptions {
  /** Smallest allowed value (default 0). */
  min?: number;
  /** Largest allowed value: every number flag has one, so a typo of extra zeros is caught. */
  max: number;
  /** What the number counts, for the message: "milliseconds", "seconds". */
  unit?: string;
  /** Replaces the default "<flag> must be at least <min>". */
  tooSmall?: string;
  /** Replaces the default "<flag> must be at most <max>". */
  tooLarge?: string;
}

/** A whole number typed as a flag's value (a string of digits), checked against its range. */
export function wholeNumber(flag: string, range: WholeNumberOptions) {
  const { min = 0, max, unit } = range;
  const what = unit ? `a whole number of ${unit}` : 'a whole number';
  return z
    .string()
    .regex(/^\d+$/, { error: (issue) => `${flag} must be ${what}, got "${String(issue.input)}"` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: range.tooSmall ?? `${flag} must be at least ${min}` })
        .max(max, { error: range.tooLarge ?? `${flag} must be at most ${max}` }),
    );
}
