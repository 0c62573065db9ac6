// --http: Paper Trail on streamable HTTP instead of stdio, with the flags only HTTP has. The
// --http switch itself is read by args.ts, which every transport rule is about.
import { wholeNumber } from '../../input/cli-args.ts';
import { aSwitch, paperTrailFeature } from '../feature.ts';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from '../sessions.ts';
import { portFlag } from '../port-flag.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    port?: number;
    /** true: each POST is answered with one JSON body; false: with an SSE stream. */
    jsonResponse?: boolean;
    /** A session with no request for this long is closed; later requests get 404. */
    sessionIdleMs?: number;
    /** At most this many open sessions; one more initialize gets 503. */
    maxSessions?: number;
  }
}

/** A positive whole number typed on the command line, with the flag named in the message. */
const count = (flag: string, max: number) => wholeNumber(flag, { min: 1, max }).optional();

export default paperTrailFeature({
  lesson: 'streamable-http',
  flags: {
    port: portFlag,
    'json-response': aSwitch(),
    // A day at most: longer than that is "never", which is the leak this flag exists to stop.
    'session-idle': count('--session-idle', 86_400),
    'max-sessions': count('--max-sessions', 10_000),
  },
  synopsis: '[--http [--port N] [--json-response] [--session-idle SECONDS] [--max-sessions N]]',
  help: [
    ['--http', 'serve streamable HTTP at http://127.0.0.1:PORT/mcp'],
    ['--port N', 'port for --http, 0-65535; 0 (the default) picks a free port'],
    ['--json-response', 'answer each POST with one JSON body instead of an SSE stream'],
    [
      '--session-idle SECONDS',
      'close a session after this long without a request',
      `(default ${DEFAULT_SESSION_IDLE_MS / 1000}); its id then gets 404`,
    ],
    [
      '--max-sessions N',
      `refuse a new session with 503 while N are open (default ${DEFAULT_MAX_SESSIONS})`,
    ],
  ],
  transport: 'http',
  options: (o) => ({
    port: o.port ?? 0,
    jsonResponse: o['json-response'],
    sessionIdleMs: (o['session-idle'] ?? DEFAULT_SESSION_IDLE_MS / 1000) * 1000,
    maxSessions: o['max-sessions'] ?? DEFAULT_MAX_SESSIONS,
  }),
});
