// The server options a Paper Trail started on stdio takes from its command line, for the
// entry points that bundle Paper Trail into one file (the WebContainer harness and the
// take-home harness) as well as main.ts: one reading of the flags, so an option added to
// args.ts reaches every copy of the server that an exercise may start.
import { exitOnUsageError, failUsage } from '../input/cli-args.ts';
import { USAGE, parsePaperTrailArgs } from './args.ts';
import type { PaperTrailOptions } from './server.ts';

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
  // Every flag but the mode, so that a flag added to args.ts needs no edit here.
  const { mode: _stdio, ...options } = args;
  return options;
}
