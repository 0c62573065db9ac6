// The server options a Paper Trail started on stdio takes from its command line and its
// environment, for main.ts and for the entry points that bundle Paper Trail into one file
// (the WebContainer harness and the take-home harness): one reading of the flags, so an
// option added to args.ts reaches every copy of the server that an exercise may start, and
// every copy sees the carrier key and logs to stderr alike.
import { exitOnUsageError, failUsage } from '../input/cli-args.ts';
import { USAGE, parsePaperTrailArgs, type PaperTrailArgs } from './args.ts';
import { carrierAccountFrom } from './carrier.ts';
import type { PaperTrailOptions } from './server.ts';

type StdioArgs = Extract<PaperTrailArgs, { mode: 'stdio' }>;

const stderrLine = (line: string) => process.stderr.write(`${line}\n`);

/** The server's options for parsed stdio flags. */
export function serverOptionsFor(
  args: StdioArgs,
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = stderrLine,
): PaperTrailOptions {
  // Every flag but the mode, so that a flag added to args.ts needs no edit here.
  const { mode: _stdio, ...options } = args;
  return { ...options, carrier: carrierAccountFrom(env), log };
}

/** argv after the script (or after `--paper-trail`); a mistake exits 2 with the usage text. */
export function stdioServerOptions(argv: readonly string[]): PaperTrailOptions {
  let args;
  try {
    args = parsePaperTrailArgs([...argv]);
  } catch (error) {
    exitOnUsageError(error, USAGE, 'paper-trail');
  }
  if (args.mode !== 'stdio')
    failUsage('this copy of Paper Trail speaks stdio only', USAGE, 'paper-trail');
  return serverOptionsFor(args);
}
