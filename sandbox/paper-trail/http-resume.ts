// The parts of Paper Trail's HTTP front end that lesson 7 looks at: resumable streams (an
// event store behind the SDK transport, a `retry:` hint, a switch that drops a stream on
// purpose), a smaller body limit, the GET stream (refused with 405, or greeted with a message tied to no request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransportOptions } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { seeded } from '../input/seed.ts';
import { SessionEventStore } from './event-store.ts';

/** The reconnect delay a resumable stream announces in its priming event's `retry:` line. */
export const RETRY_MS = 200;
/** track_shipment sends this many progress events, so a drop lands after one of them. */
export const DROP_POINTS = 3;

export interface StreamOptions {
  /** Store every SSE event so that a GET with Last-Event-ID can resume a lost stream. */
  resumable?: boolean;
  /** Answer GET with 405: this server offers no stream for messages tied to no request. */
  noGetStream?: boolean;
  /** Send a notifications/message on each new GET stream (needs the logging capability). */
  greetGetStream?: boolean;
  /** Refuse a POST body over this many bytes with 413 (the SDK's default is 4 MiB). */
  maxBodyBytes?: number;
}

/** What the SDK transport needs for resumable streams, or nothing. */
export function resumableTransportOptions(
  options: StreamOptions,
): Pick<
  StreamableHTTPServerTransportOptions,
  'eventStore' | 'retryInterval' | 'maxRequestBodySize'
> {
  return {
    ...(options.resumable && { eventStore: new SessionEventStore(), retryInterval: RETRY_MS }),
    ...(options.maxBodyBytes !== undefined && { maxRequestBodySize: options.maxBodyBytes }),
  };
}

/** `--drop-after any`: the progress event a check run drops after, drawn from its seed. */
export function dropPointFor(seed: number | undefined): number {
  return 1 + Math.floor(seeded(seed ?? 0, 0xd0) * DROP_POINTS);
}

/** A GET this server does not serve: 405, saying which methods it does take. Returns true if sent. */
export function refuseGetStream(
  options: StreamOptions,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (!options.noGetStream || req.method !== 'GET') return false;
  res.writeHead(405, { allow: 'POST, DELETE', 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this server offers no GET stream' },
      id: null,
    }),
  );
  return true;
}

/**
 * A new GET stream (not a resume) gets one log message tied to no request, so the stream has
 * something to show. It is sent once the SDK has written the stream's headers: by then the
 * transport knows the stream, and a message with no related request goes to it.
 */
export function greetGetStream(
  options: StreamOptions,
  req: IncomingMessage,
  res: ServerResponse,
  server: McpServer | undefined,
): void {
  if (!options.greetGetStream || !server || req.method !== 'GET') return;
  if (req.headers['last-event-id'] !== undefined) return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const out = writeHead(...args);
    if (res.statusCode === 200) {
      queueMicrotask(() => {
        server.server
          .sendLoggingMessage({
            level: 'info',
            logger: 'paper-trail',
            data: 'This GET stream carries messages that answer no request, like this one.',
          })
          .catch(() => {});
      });
    }
    return out;
  }) as typeof res.writeHead;
}
