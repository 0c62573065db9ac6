// Paper Trail's command line, built from its features (features/index.ts): each adds its
// flags, its lines of --help and its rules, and turns what was typed into server options.
// Humans type these, so every mistake gets a sentence that says what was wrong and what would
// be right.
import { z } from 'zod';
import { parseCliArgs, UsageError } from '../input/cli-args.ts';
import { aSwitch, type FlagValues, type PaperTrailFeature } from './feature.ts';
import { FEATURES } from './features/index.ts';
import type { PaperTrailOptions } from './options.ts';
import { usageOf } from './usage.ts';

/** Flags only one transport has, typed without it: one sentence per transport. */
function transportRules(features: readonly PaperTrailFeature[]) {
  return (flags: FlagValues): string[] =>
    (['http', 'stdio'] as const).flatMap((transport) => {
      if ((transport === 'http') === Boolean(flags.http)) return [];
      const misplaced = features
        .filter((f) => f.transport === transport)
        .map((f) => ({
          feature: f,
          typed: Object.keys(f.flags).filter((n) => typedFlag(n, flags)),
        }))
        .filter(({ typed }) => typed.length > 0);
      const typed = misplaced.flatMap((m) => m.typed.map((name) => `--${name}`));
      if (typed.length === 0) return [];
      const where = transport === 'http' ? 'together with --http' : 'on stdio';
      const verb = typed.length === 1 ? 'makes' : 'make';
      const only = misplaced.length === 1 ? misplaced[0]!.feature.whyTransport : undefined;
      return [`${andList(typed)} only ${verb} sense ${where}${only ? `: ${only}` : ''}`];
    });
}

/** Typed, as opposed to left at its default. */
const typedFlag = (name: string, flags: FlagValues) =>
  flags[name] !== undefined && flags[name] !== false;

const andList = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** What an HTTP server always has, whatever was typed (the --http feature fills it in). */
interface HttpDefaults {
  port: number;
  jsonResponse: boolean;
  sessionIdleMs: number;
  maxSessions: number;
}

export type PaperTrailArgs =
  | { mode: 'help' }
  | ({ mode: 'stdio' } & PaperTrailOptions)
  | ({ mode: 'http' } & PaperTrailOptions & HttpDefaults);

/** Every feature's flags in one zod object, with the rules between them. */
function schemaOf(features: readonly PaperTrailFeature[]) {
  // The two flags that say which command this is, whatever the features: --help, and --http,
  // the transport the features' `transport` is about.
  const shape: Record<string, z.core.$ZodType> = { help: aSwitch(), http: aSwitch() };
  for (const feature of features) {
    for (const [name, field] of Object.entries(feature.flags)) {
      // Two features claiming one flag is the author's mistake, not the person's at the terminal.
      if (name in shape) throw new Error(`two Paper Trail features declare the flag --${name}`);
      shape[name] = field;
    }
  }
  const rules = features.flatMap((f) => f.rules ?? []);
  const transport = transportRules(features);
  return z.object(shape).superRefine((flags, ctx) => {
    const broken = rules.filter((rule) => !rule.holds(flags)).map((rule) => rule.error);
    for (const message of [...transport(flags), ...broken]) {
      ctx.addIssue({ code: 'custom', message });
    }
  });
}

/** The command line of a Paper Trail made of these features: its --help and its parser. */
export function commandLineOf(features: readonly PaperTrailFeature[]) {
  const schema = schemaOf(features);
  return {
    usage: usageOf(features),
    /** Parses argv (without node and script); throws ArgsError with a friendly message. */
    parse(argv: readonly string[]): PaperTrailArgs {
      const flags: FlagValues = parseCliArgs(argv, { short: { help: 'h' }, schema });
      if (flags.help) return { mode: 'help' };
      const mode = flags.http ? 'http' : 'stdio';
      const options = features
        .filter((f) => f.transport === undefined || f.transport === mode)
        .map((f) => f.options?.(ownFlags(f, flags), flags) ?? {});
      return Object.assign({ mode }, ...options) as PaperTrailArgs;
    },
  };
}

const paperTrail = commandLineOf(FEATURES);

export const USAGE = paperTrail.usage;

/** Paper Trail's own command line; throws ArgsError with a friendly message. */
export function parsePaperTrailArgs(argv: string[]): PaperTrailArgs {
  return paperTrail.parse(argv);
}

/** A feature's options() sees its own flags, typed as its schema says. */
function ownFlags(feature: PaperTrailFeature, flags: FlagValues) {
  return Object.fromEntries(Object.keys(feature.flags).map((name) => [name, flags[name]])) as never;
}

/** The error parsePaperTrailArgs throws: the shared usage error, under its old name. */
export { UsageError as ArgsError };
