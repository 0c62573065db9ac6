// Command-line options for Paper Trail v2 (the 2026-07-28 build). As for the v1 server, a
// person types these, so every mistake gets a sentence saying what is wrong and what is right.
import { z } from 'zod';
import { parseCliArgs, wholeNumber } from '../input/cli-args.ts';
import { portFlag } from '../paper-trail/port-flag.ts';

export const USAGE_V2 = `usage: npm run --silent paper-trail-v2 [-- [--legacy serve|reject] [--seed N] [--undelivered]
                                             [--input-key NAME]
                                             [--http [--port N] [--json-response]]]

  (no flags)               speak MCP over stdio: 2026-07-28 to a client that opens with
                           _meta, 2025-11-25 to one that opens with initialize
  --legacy serve|reject    what a 2025-11-25 client gets: served (the default) or refused
                           with -32022 (unsupported protocol version)
  --http                   serve streamable HTTP at http://127.0.0.1:PORT/mcp, one
                           stateless exchange per POST, no sessions
  --port N                 port for --http, 0-65535; 0 (the default) picks a free port
  --json-response          answer every POST with one JSON body, never an SSE stream
  --seed N                 serve a per-run variation of the orders drawn from N
  --undelivered            no order is delivered yet, so cancel_order always asks
  --input-key NAME         the key cancel_order's question goes under in inputRequests
                           (default confirm): a client answers under the key it was asked
  --help                   show this text`;

const Options = z
  .object({
    legacy: z
      .enum(['serve', 'reject'], {
        error: '--legacy takes serve (answer 2025-11-25 clients) or reject (refuse them)',
      })
      .default('serve'),
    http: z.boolean().default(false),
    port: portFlag,
    'json-response': z.boolean().default(false),
    seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional(),
    undelivered: z.boolean().default(false),
    'input-key': z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, {
        error: '--input-key takes a name of letters, digits, "-" and "_", starting with a letter',
      })
      .optional(),
    help: z.boolean().default(false),
  })
  .refine((o) => o.http || (o.port === undefined && !o['json-response']), {
    error: '--port and --json-response only make sense together with --http',
  });

export type PaperTrailV2Args =
  | { mode: 'help' }
  | {
      mode: 'stdio';
      legacy: 'serve' | 'reject';
      seed?: number;
      undelivered?: true;
      inputKey?: string;
    }
  | {
      mode: 'http';
      legacy: 'serve' | 'reject';
      seed?: number;
      undelivered?: true;
      inputKey?: string;
      port: number;
      jsonResponse: boolean;
    };

/** Parses argv (without node and script); throws a UsageError with a friendly message. */
export function parsePaperTrailV2Args(argv: readonly string[]): PaperTrailV2Args {
  const o = parseCliArgs(argv, { short: { help: 'h' }, schema: Options });
  if (o.help) return { mode: 'help' };
  const common = {
    legacy: o.legacy,
    ...(o.seed !== undefined && { seed: o.seed }),
    ...(o.undelivered && { undelivered: true as const }),
    ...(o['input-key'] !== undefined && { inputKey: o['input-key'] }),
  };
  if (!o.http) return { mode: 'stdio', ...common };
  return { mode: 'http', ...common, port: o.port ?? 0, jsonResponse: o['json-response'] };
}
