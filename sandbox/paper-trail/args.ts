// Command-line options for Paper Trail. Humans type these, so every mistake gets a sentence
// that says what was wrong and what would be right.
import { z } from 'zod';
import { parseCliArgs, UsageError, wholeNumber } from '../input/cli-args.ts';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from './sessions.ts';
import { versionsFlag } from './versions-flag.ts';
import { SDK_PROTOCOL_VERSIONS } from './handshake.ts';

export const USAGE = `usage: npm run --silent paper-trail [-- [--seed N] [--versions V1,V2] [--logging]
                                          [--buggy-output | --unchecked-output] [--live]
                                          [--http [--port N] [--json-response]
                                          [--session-idle SECONDS] [--max-sessions N]]]

  (no flags)               speak MCP over stdio: frames on stdin/stdout, logs on stderr
  --http                   serve streamable HTTP at http://127.0.0.1:PORT/mcp
  --port N                 port for --http, 0-65535; 0 (the default) picks a free port
  --json-response          answer each POST with one JSON body instead of an SSE stream
  --session-idle SECONDS   close a session after this long without a request
                           (default ${DEFAULT_SESSION_IDLE_MS / 1000}); its id then gets 404
  --max-sessions N         refuse a new session with 503 while N are open (default ${DEFAULT_MAX_SESSIONS})
  --live                   resources from the template orders://{order_id} over a larger
                           catalog: paged resources/list, subscriptions to an order whose
                           status moves on, completions for order ids (lesson 5)
  --seed N                 serve a per-run variation of the orders drawn from N (what a
                           check run does); without it, the fixed orders the lessons quote
  --versions V1,V2,...     accept only these protocol versions in initialize; another offer
                           is answered with the newest of them (default: all the SDK's,
                           ${SDK_PROTOCOL_VERSIONS.join(', ')})
  --logging                declare the logging capability: honour logging/setLevel and log
                           each order_status call as notifications/message
  --buggy-output           order_status sends structured output that breaks its
                           outputSchema (eta as a number), to watch output validation
  --unchecked-output       the same broken output, sent to the client unchecked, as a
                           server without the SDK's output check would send it
  --help                   show this text`;

/** A positive whole number typed on the command line, with the flag named in the message. */
const count = (flag: string, max: number) => wholeNumber(flag, { min: 1, max }).optional();

/** --port, shared with Paper Trail v2 (sandbox/paper-trail-v2/args.ts). */
export const portFlag = wholeNumber('--port', {
  max: 65535,
  tooLarge: '--port must be between 0 and 65535',
}).optional();

const Options = z
  .object({
    http: z.boolean().default(false),
    port: portFlag,
    'json-response': z.boolean().default(false),
    // A day at most: longer than that is "never", which is the leak this flag exists to stop.
    'session-idle': count('--session-idle', 86_400),
    'max-sessions': count('--max-sessions', 10_000),
    seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional(),
    versions: versionsFlag.optional(),
    logging: z.boolean().default(false),
    'buggy-output': z.boolean().default(false),
    'unchecked-output': z.boolean().default(false),
    live: z.boolean().default(false),
    help: z.boolean().default(false),
  })
  .refine(
    (o) =>
      o.http ||
      (o.port === undefined &&
        !o['json-response'] &&
        o['session-idle'] === undefined &&
        o['max-sessions'] === undefined),
    {
      error:
        '--port, --json-response, --session-idle and --max-sessions only make sense together with --http',
    },
  );

/** What every mode that serves shares: per-run data and the handshake options. */
interface Served {
  seed?: number;
  versions?: string[];
  logging?: boolean;
  buggyOutput?: true;
  uncheckedOutput?: true;
  live?: boolean;
}

export type PaperTrailArgs =
  | { mode: 'help' }
  | ({ mode: 'stdio' } & Served)
  | ({
      mode: 'http';
      port: number;
      jsonResponse: boolean;
      sessionIdleMs: number;
      maxSessions: number;
    } & Served);

/** Parses argv (without node and script); throws ArgsError with a friendly message. */
export function parsePaperTrailArgs(argv: string[]): PaperTrailArgs {
  const o = parseCliArgs(argv, {
    short: { help: 'h' },
    schema: Options,
  });
  if (o.help) return { mode: 'help' };
  const seed = {
    ...(o.seed !== undefined && { seed: o.seed }),
    ...(o.versions !== undefined && { versions: o.versions }),
    ...(o.logging && { logging: true }),
    ...(o['buggy-output'] && { buggyOutput: true as const }),
    ...(o['unchecked-output'] && { uncheckedOutput: true as const }),
    ...(o.live && { live: true }),
  };
  if (!o.http) return { mode: 'stdio', ...seed };
  return {
    mode: 'http',
    ...seed,
    port: o.port ?? 0,
    jsonResponse: o['json-response'],
    sessionIdleMs: (o['session-idle'] ?? DEFAULT_SESSION_IDLE_MS / 1000) * 1000,
    maxSessions: o['max-sessions'] ?? DEFAULT_MAX_SESSIONS,
  };
}

/** The error parsePaperTrailArgs throws: the shared usage error, under its old name. */
export { UsageError as ArgsError };
