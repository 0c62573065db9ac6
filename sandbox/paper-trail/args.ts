// Command-line options for Paper Trail. Humans type these, so every mistake gets a sentence
// that says what was wrong and what would be right.
import { z } from 'zod';
import { parseCliArgs, UsageError, wholeNumber } from '../input/cli-args.ts';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from './sessions.ts';
import { futureVersionFlag, versionsFlag } from './versions-flag.ts';
import { SDK_PROTOCOL_VERSIONS } from './handshake.ts';
import { DROP_POINTS, RETRY_MS, dropPointFor } from './http-resume.ts';

export const USAGE = `usage: npm run --silent paper-trail [-- [--seed N] [--versions V1,V2] [--logging]
                                          [--buggy-output | --unchecked-output] [--live]
                                          [--scan-ms MS] [--pace rushed|paced]
                                          [--second-scan-ms MS]
                                          [--repeat-status] [--maintenance]
                                          [--chatty] [--asks [--undelivered] [--delivered <id>]]
                                          [--http [--port N] [--json-response]
                                          [--session-idle SECONDS] [--max-sessions N]
                                          [--resumable [--drop-after N|any]] [--no-get-stream]
                                          [--max-body BYTES] [--auth [--resource URL]]]]

  (no flags)               speak MCP over stdio: frames on stdin/stdout, logs on stderr
  --http                   serve streamable HTTP at http://127.0.0.1:PORT/mcp
  --port N                 port for --http, 0-65535; 0 (the default) picks a free port
  --json-response          answer each POST with one JSON body instead of an SSE stream
  --session-idle SECONDS   close a session after this long without a request
                           (default ${DEFAULT_SESSION_IDLE_MS / 1000}); its id then gets 404
  --max-sessions N         refuse a new session with 503 while N are open (default ${DEFAULT_MAX_SESSIONS})
  --resumable              keep every SSE event in a per-session event store: streams
                           start with a priming event (id, retry: ${RETRY_MS}) and a GET with
                           Last-Event-ID resumes a lost one (lesson 7)
  --drop-after N|any       with --resumable: end track_shipment's SSE stream after its Nth
                           progress event (1-${DROP_POINTS}); "any" draws N from --seed
  --no-get-stream          answer GET with 405: no stream for messages tied to no request
  --max-body BYTES         refuse a POST body over BYTES with 413 (default 4 MiB, the SDK's)
  --auth                   with --http: /mcp wants an OAuth bearer token (lesson 10); a
                           local authorization server with a static demo key issues them,
                           metadata at /.well-known/oauth-protected-resource/mcp
  --resource URL           with --auth: the server's canonical URL as its clients know it
                           (behind a proxy, say); tokens must name it as their audience
                           (default: http://127.0.0.1:PORT/mcp)
  --live                   resources from the template orders://{order_id} over a larger
                           catalog: paged resources/list, subscriptions to an order whose
                           status moves on, completions for order ids (lesson 5)
  --seed N                 serve a per-run variation of the orders drawn from N (what a
                           check run does); without it, the fixed orders the lessons quote
  --versions V1,V2,...     accept only these protocol versions in initialize; another offer
                           is answered with the newest of them (default: all the SDK's,
                           ${SDK_PROTOCOL_VERSIONS.join(', ')})
  --future-version V       answer every initialize with V (YYYY-MM-DD), a version the SDK
                           does not speak, as a server of a later revision would (lesson 3)
  --logging                declare the logging capability: honour logging/setLevel and log
                           each order_status call as notifications/message
  --buggy-output           order_status sends structured output that breaks its
                           outputSchema (eta as a number), to watch output validation
  --unchecked-output       the same broken output, sent to the client unchecked, as a
                           server without the SDK's output check would send it
  --scan-ms MS             pause between two track_shipment scans, 0-60000 ms (default
                           20), long enough to cancel by hand; a --seed run plans its own
  --pace rushed|paced      how track_shipment spends its pauses: "rushed" sends every scan
                           after the second, and the result, at once; "paced" pauses
                           before each (default: a --seed run draws one, else paced)
  --second-scan-ms MS      pause this long before track_shipment's second scan, 0-60000
                           ms, a --seed run too: a client that holds a stream's progress
                           until the stream ends then prints the first scan that late
  --repeat-status          with --live: one update of the watched order moves only its
                           ETA, so two reads in a row return the same status
  --maintenance            add the tool set_maintenance: {"on":true} takes track_shipment
                           off the tool list, {"on":false} puts it back; each change
                           sends notifications/tools/list_changed (lesson 6)
  --chatty                 (stdio only) behave like a server with a noisy dependency: a
                           banner on stdout, a helper process sharing stdout and a
                           progress bar with no newline on the first order_status (lesson 9)
  --asks                   add the tools that ask the client something mid-call: cancel_order
                           (form elicitation), summarise_order (sampling), export_orders
                           (roots), book_pickup (URL elicitation, -32042), ping_client
                           (lesson 8)
  --undelivered            with --asks: no order is delivered yet, so cancel_order always
                           asks (a check run keeps its other per-run data)
  --delivered <id>         with --asks: this order is delivered whatever the run's data, so
                           cancel_order refuses it at once and asks nothing about it
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
    'future-version': futureVersionFlag.optional(),
    logging: z.boolean().default(false),
    'buggy-output': z.boolean().default(false),
    'unchecked-output': z.boolean().default(false),
    live: z.boolean().default(false),
    'scan-ms': wholeNumber('--scan-ms', { max: 60_000 }).optional(),
    'second-scan-ms': wholeNumber('--second-scan-ms', { max: 60_000 }).optional(),
    pace: z
      .enum(['rushed', 'paced'], {
        error: (issue) => `--pace must be "rushed" or "paced", got "${String(issue.input)}"`,
      })
      .optional(),
    'repeat-status': z.boolean().default(false),
    maintenance: z.boolean().default(false),
    chatty: z.boolean().default(false),
    asks: z.boolean().default(false),
    undelivered: z.boolean().default(false),
    delivered: z
      .string({ error: '--delivered needs an order id, e.g. --delivered PT-1041' })
      .regex(/^PT-\d{4}$/, { error: '--delivered needs an order id such as PT-1041' })
      .optional(),
    resumable: z.boolean().default(false),
    'drop-after': z
      .union(
        [
          z.literal('any'),
          wholeNumber('--drop-after', {
            min: 1,
            max: DROP_POINTS,
            tooSmall: `--drop-after must be from 1 to ${DROP_POINTS} or "any"`,
            tooLarge: `--drop-after must be from 1 to ${DROP_POINTS} or "any"`,
          }),
        ],
        {
          error: (issue) =>
            `--drop-after must be a whole number from 1 to ${DROP_POINTS} or "any", got "${String(issue.input)}"`,
        },
      )
      .optional(),
    'no-get-stream': z.boolean().default(false),
    'max-body': wholeNumber('--max-body', {
      min: 64,
      max: 4 * 1024 * 1024,
      unit: 'bytes',
    }).optional(),
    auth: z.boolean().default(false),
    resource: z
      .url({
        protocol: /^https?$/,
        error: (issue) =>
          `--resource must be an absolute http(s) URL such as https://paper-trail.example/mcp, got "${String(issue.input)}"`,
      })
      .optional(),
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
  )
  .refine((o) => !(o.http && o.chatty), {
    error:
      '--chatty only makes sense on stdio: it puts stray bytes on stdout, which HTTP does not use for frames',
  })
  .refine((o) => o.http || (!o.resumable && !o['no-get-stream'] && o['max-body'] === undefined), {
    error: '--resumable, --no-get-stream and --max-body only make sense together with --http',
  })
  .refine((o) => o['drop-after'] === undefined || o.resumable, {
    error:
      '--drop-after needs --resumable: a dropped stream can only be resumed from an event store',
  })
  .refine((o) => o.http || !o.auth, {
    error:
      '--auth only makes sense together with --http: a stdio server takes its credentials from its environment',
  })
  .refine((o) => o.versions === undefined || o['future-version'] === undefined, {
    error:
      '--future-version and --versions contradict each other: one answers a version no SDK speaks, the other only versions it does',
  })
  .refine((o) => o.live || !o['repeat-status'], {
    error: '--repeat-status only makes sense together with --live: it is about a watched order',
  })
  .refine((o) => o.asks || !o.undelivered, {
    error: '--undelivered only makes sense together with --asks: it is there so cancel_order asks',
  })
  .refine((o) => o.asks || o.delivered === undefined, {
    error:
      '--delivered only makes sense together with --asks: it decides whether cancel_order asks',
  })
  .refine((o) => o.auth || o.resource === undefined, {
    error: '--resource only makes sense together with --auth: it is the audience tokens must name',
  })
  .refine((o) => !(o.resumable && o['json-response']), {
    error:
      '--resumable needs SSE responses: a JSON response has no events to resume, leave out --json-response',
  });

/** What every mode that serves shares: per-run data and the handshake options. */
interface Served {
  seed?: number;
  versions?: string[];
  futureVersion?: string;
  logging?: boolean;
  buggyOutput?: true;
  uncheckedOutput?: true;
  live?: boolean;
  /** --scan-ms, by the name the server takes it under. */
  stepDelayMs?: number;
  pace?: 'rushed' | 'paced';
  secondScanMs?: number;
  repeatStatus?: true;
  maintenance?: boolean;
  asks?: boolean;
  undelivered?: boolean;
  delivered?: string;
}

export type PaperTrailArgs =
  | { mode: 'help' }
  | ({ mode: 'stdio'; chatty?: true } & Served)
  | ({
      mode: 'http';
      port: number;
      jsonResponse: boolean;
      sessionIdleMs: number;
      maxSessions: number;
      resumable?: true;
      dropAfter?: number;
      noGetStream?: true;
      maxBodyBytes?: number;
      auth?: true;
      resource?: string;
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
    ...(o['future-version'] !== undefined && { futureVersion: o['future-version'] }),
    ...(o.logging && { logging: true }),
    ...(o['buggy-output'] && { buggyOutput: true as const }),
    ...(o['unchecked-output'] && { uncheckedOutput: true as const }),
    ...(o.live && { live: true }),
    ...(o['scan-ms'] !== undefined && { stepDelayMs: o['scan-ms'] }),
    ...(o.pace !== undefined && { pace: o.pace }),
    ...(o['second-scan-ms'] !== undefined && { secondScanMs: o['second-scan-ms'] }),
    ...(o['repeat-status'] && { repeatStatus: true as const }),
    ...(o.maintenance && { maintenance: true }),
    ...(o.asks && { asks: true }),
    ...(o.undelivered && { undelivered: true }),
    ...(o.delivered !== undefined && { delivered: o.delivered }),
  };
  if (!o.http) return { mode: 'stdio', ...seed, ...(o.chatty && { chatty: true as const }) };
  return {
    mode: 'http',
    ...seed,
    port: o.port ?? 0,
    jsonResponse: o['json-response'],
    sessionIdleMs: (o['session-idle'] ?? DEFAULT_SESSION_IDLE_MS / 1000) * 1000,
    maxSessions: o['max-sessions'] ?? DEFAULT_MAX_SESSIONS,
    ...(o.resumable && { resumable: true as const }),
    ...(o['drop-after'] !== undefined && {
      dropAfter: o['drop-after'] === 'any' ? dropPointFor(o.seed) : o['drop-after'],
    }),
    ...(o['no-get-stream'] && { noGetStream: true as const }),
    ...(o['max-body'] !== undefined && { maxBodyBytes: o['max-body'] }),
    ...(o.auth && { auth: true as const }),
    ...(o.resource !== undefined && { resource: o.resource }),
  };
}

/** The error parsePaperTrailArgs throws: the shared usage error, under its old name. */
export { UsageError as ArgsError };
