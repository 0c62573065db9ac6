// One recorded frame: the unit shared by capture files (lessons/*/captures/*.jsonl), the
// harness event stream, the checkers and the Frames component. Keep it small and stable:
// every other part of the project reads it.
import { z } from 'zod';

export const Direction = z.enum(['c2s', 's2c']);
export type Direction = z.infer<typeof Direction>;

export const Transport = z.enum(['stdio', 'http']);
export type Transport = z.infer<typeof Transport>;

/**
 * The headers a frame records: the ones MCP's streamable HTTP transport gives a meaning to.
 * Everything else (Date, Host with its port, Content-Length, fetch's User-Agent, …) says
 * nothing about the protocol and would only make recordings differ from run to run.
 */
export const MCP_HEADERS = [
  'accept',
  'content-type',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'origin',
  // Not MCP's own, but HTTP's answers lesson 7 shows: which methods a 405 allows, and when
  // a 503 says to come back.
  'allow',
  'retry-after',
  // 2026-07-28 routing headers (lesson 11): the method and the tool/resource/prompt name.
  'mcp-method',
  'mcp-name',
  // Lesson 10: the bearer token, the challenge that asks for one, and where a redirect goes.
  'authorization',
  'www-authenticate',
  'location',
] as const;

/** HTTP metadata for a frame that crossed streamable HTTP. */
export const HttpMeta = z.object({
  /** Which request/response pair this frame belongs to (0-based, in order of requests). */
  exchange: z.number().int().nonnegative(),
  /** 'request': the client's POST/GET/DELETE with its body in `text`.
   *  'response': the status line and headers, with a JSON body in `text` (or '' for 202/SSE).
   *  'sse': one server-sent event inside the response of the same exchange; `text` is its data. */
  part: z.enum(['request', 'response', 'sse']),
  method: z.string().optional(),
  path: z.string().optional(),
  status: z.number().int().optional(),
  /** Only MCP_HEADERS, with lower-case names, in MCP_HEADERS order. */
  headers: z.record(z.string(), z.string()).default({}),
  /** For part 'sse': the event's `event:`, `id:` and `retry:` fields when present. */
  event: z.string().optional(),
  id: z.string().optional(),
  retry: z.string().optional(),
  /** For a request or JSON response body longer than the tap keeps: its whole length in
   *  bytes; `text` then holds only its start. */
  bodyBytes: z.number().int().nonnegative().optional(),
});
export type HttpMeta = z.infer<typeof HttpMeta>;

export const FrameRecord = z.object({
  /** Position in its recording, 0-based; what "frame N" in a message refers to. */
  seq: z.number().int().nonnegative(),
  /** Milliseconds since the recording started (captures normalise this, see capture rules). */
  t: z.number().nonnegative(),
  dir: Direction,
  transport: Transport,
  /** The bytes as text: one stdio line without its trailing newline, or an HTTP body / SSE data. */
  text: z.string(),
  http: HttpMeta.optional(),
});
export type FrameRecord = z.infer<typeof FrameRecord>;
