// Command-line options for Paper Trail. Humans type these, so every mistake gets a sentence
// that says what was wrong and what would be right.
import { parseArgs } from 'node:util';
import { z } from 'zod';

export const USAGE = `usage: npm run --silent paper-trail [-- --http [--port N] [--json-response]]

  (no flags)        speak MCP over stdio: frames on stdin/stdout, logs on stderr
  --http            serve streamable HTTP at http://127.0.0.1:PORT/mcp
  --port N          port for --http, 0-65535; 0 (the default) picks a free port
  --json-response   answer each POST with one JSON body instead of an SSE stream
  --help            show this text`;

const Options = z
  .object({
    http: z.boolean().default(false),
    port: z
      .string()
      .regex(/^\d+$/, { error: (issue) => `--port must be a whole number, got "${issue.input}"` })
      .transform(Number)
      .pipe(z.number().max(65535, { error: '--port must be between 0 and 65535' }))
      .optional(),
    'json-response': z.boolean().default(false),
    help: z.boolean().default(false),
  })
  .refine((o) => o.http || (o.port === undefined && !o['json-response']), {
    error: '--port and --json-response only make sense together with --http',
  });

export type PaperTrailArgs =
  { mode: 'help' } | { mode: 'stdio' } | { mode: 'http'; port: number; jsonResponse: boolean };

/** Parses argv (without node and script); throws ArgsError with a friendly message. */
export function parsePaperTrailArgs(argv: string[]): PaperTrailArgs {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        http: { type: 'boolean' },
        port: { type: 'string' },
        'json-response': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ArgsError((error as Error).message);
  }
  const parsed = Options.safeParse(values);
  if (!parsed.success) {
    throw new ArgsError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const o = parsed.data;
  if (o.help) return { mode: 'help' };
  if (!o.http) return { mode: 'stdio' };
  return { mode: 'http', port: o.port ?? 0, jsonResponse: o['json-response'] };
}

export class ArgsError extends Error {
  override name = 'ArgsError';
}
