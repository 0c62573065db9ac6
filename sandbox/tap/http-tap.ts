// The streamable HTTP tap: a recording reverse proxy on 127.0.0.1. Every request, every
// response status line with its MCP headers, and every server-sent event becomes a frame.
// Bodies pass through as they arrive (an SSE stream is never buffered, a JSON body is held
// only as far as the capture keeps it: BodyStart), so the client sees what it would see
// talking to the server directly. The proxy URL carries a random token
// in its path, and Host/Origin must name the proxy itself (DNS rebinding).
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { MCP_HEADERS } from '../wire/record.ts';
import type { FrameRecord, HttpMeta } from '../wire/record.ts';
import { SseParser } from '../wire/sse.ts';
import { SseReshaper } from './sse-reshape.ts';
import type { SseEvent } from '../wire/sse.ts';

export interface HttpTapOptions {
  /** The real server's MCP endpoint, e.g. http://127.0.0.1:4311/mcp. */
  target: string;
  /** Receives frames without seq/t; the caller numbers them in its own recording. */
  onFrame: (frame: Omit<FrameRecord, 'seq' | 't'> & { at: number }) => void;
  /** Pass a foreign Origin on to the server instead of refusing it here: a capture that
   *  shows the server's own 403 (lesson 7). Never in a learner's run. */
  passForeignOrigin?: boolean;
  /** A check run's seed: SSE responses reach the client re-encoded and cut (sse-reshape.ts). */
  reshapeSeed?: number;
  /** Pass a foreign Host on to the server (and record it) instead of refusing it here: a
   *  capture that shows the server's own 403 for a rebinding request (lesson 10). Never in a
   *  learner's run. */
  passForeignHost?: boolean;
  /** The loopback port to listen on (`npm run tap -- --listen`); any free port when absent. */
  port?: number;
  /** The server could not be reached for an exchange (nothing listening, a reset). */
  onUpstreamError?: (exchange: number, message: string) => void;
  /** How much of a request's or a JSON response's body a frame keeps (BODY_RECORD_BYTES). */
  maxBodyBytes?: number;
  /** A body was longer than maxBodyBytes: its frame holds only its start. */
  onBodyCut?: (exchange: number, part: 'request' | 'response', bytes: number, kept: number) => void;
}

/**
 * How much of one body a frame keeps unless told otherwise: far more than any MCP message a
 * course session sends, far less than what a broken or hostile peer may send.
 */
export const BODY_RECORD_BYTES = 8 * 1024 * 1024;

/**
 * The start of a body as it streams past, up to `max` bytes, and its whole length: memory
 * for the record stays bounded whatever the peer sends.
 */
class BodyStart {
  readonly #chunks: Buffer[] = [];
  readonly #max: number;
  #kept = 0;
  total = 0;
  constructor(max: number) {
    this.#max = max;
  }

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.#kept >= this.#max) return;
    // A copy: a slice would keep the whole chunk it came from.
    const part = Buffer.from(chunk.subarray(0, this.#max - this.#kept));
    this.#chunks.push(part);
    this.#kept += part.length;
  }

  get kept(): number {
    return this.#kept;
  }

  get cut(): boolean {
    return this.total > this.#kept;
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString('utf8');
  }
}

export interface HttpTap {
  /** What the client should connect to. */
  url: string;
  close(): Promise<void>;
}

function pick(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {};
  for (const name of MCP_HEADERS) {
    const v = headers[name];
    if (v !== undefined) out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export async function startHttpTap(options: HttpTapOptions): Promise<HttpTap> {
  // Loaded here, not at the top: node:http costs a stdio check, which never needs it, about
  // 60 ms of start-up (a dynamic import of a built-in stays out of the bundles' module order).
  const { createServer, request: httpRequest } = await import('node:http');
  const target = new URL(options.target);
  const token = randomBytes(12).toString('hex');
  const prefix = `/${token}`;
  let exchange = 0;
  const now = () => performance.timeOrigin + performance.now();
  const frame = (dir: 'c2s' | 's2c', text: string, http: HttpMeta) =>
    options.onFrame({ dir, transport: 'http', text, http, at: now() });

  let self = { host: '', origin: '' };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host;
    const origin = req.headers.origin;
    const foreign = origin !== undefined && origin !== self.origin;
    const foreignHost = host !== self.host;
    if ((foreignHost && !options.passForeignHost) || (foreign && !options.passForeignOrigin)) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('forbidden: foreign Host or Origin\n');
      return;
    }
    const path = req.url ?? '/';
    if (path !== prefix && !path.startsWith(`${prefix}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    const forwardPath = path.slice(prefix.length) || '/';
    const n = exchange++;
    const maxBody = options.maxBodyBytes ?? BODY_RECORD_BYTES;
    const body = new BodyStart(maxBody);
    req.on('data', (c: Buffer) => body.push(c));
    /** The body's length when it was cut, for its frame's meta. */
    const cutMeta = (b: BodyStart, part: 'request' | 'response') => {
      if (!b.cut) return {};
      options.onBodyCut?.(n, part, b.total, b.kept);
      return { bodyBytes: b.total };
    };
    // The request's frame goes first, once its body has crossed, or as the server answers
    // if that comes sooner (a server may answer before it has read the whole body).
    let requestRecorded = false;
    const recordRequest = () => {
      if (requestRecorded) return;
      requestRecorded = true;
      frame('c2s', body.text(), {
        exchange: n,
        part: 'request',
        method: req.method,
        path: forwardPath,
        // Host is never recorded (it holds the tap's port), except the foreign one a
        // rebinding capture sends on purpose.
        headers: foreignHost && host ? { host, ...pick(req.headers) } : pick(req.headers),
        ...cutMeta(body, 'request'),
      });
    };
    req.on('end', recordRequest);
    // The body streams on as it came: its length or chunked framing goes with it unchanged.
    const headers: Record<string, string | string[] | undefined> = { ...req.headers };
    headers.host = foreignHost ? host : target.host;
    if (origin !== undefined) headers.origin = foreign ? origin : target.origin;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: forwardPath === '/' ? target.pathname : forwardPath,
        headers,
      },
      (up) => {
        recordRequest();
        const type = String(up.headers['content-type'] ?? '');
        const sse = type.startsWith('text/event-stream');
        const answer = sse ? null : new BodyStart(maxBody);
        const parser = sse ? new SseParser() : null;
        const reshaper =
          sse && options.reshapeSeed !== undefined
            ? new SseReshaper(options.reshapeSeed + n, (piece) => {
                if (!res.destroyed) res.write(piece);
              })
            : null;
        // A chunk may end inside a UTF-8 character; the decoder carries it to the next.
        const decoder = new TextDecoder();
        const sseFrame = (e: SseEvent) =>
          frame('s2c', e.data, {
            exchange: n,
            part: 'sse',
            headers: {},
            ...(e.event !== undefined ? { event: e.event } : {}),
            ...(e.id !== undefined ? { id: e.id } : {}),
            ...(e.retry !== undefined ? { retry: e.retry } : {}),
          });
        const meta: HttpMeta = {
          exchange: n,
          part: 'response',
          status: up.statusCode,
          headers: pick(up.headers),
        };
        // An SSE response's status line is a frame at once; its events follow as they come.
        if (sse) frame('s2c', '', meta);
        res.writeHead(up.statusCode ?? 502, up.headers);
        res.flushHeaders();
        up.on('data', (c: Buffer) => {
          if (parser) {
            const events = parser.push(decoder.decode(c, { stream: true }));
            events.forEach(sseFrame);
            reshaper?.push(events);
          } else answer!.push(c);
          // A client that reads slowly holds the server back, not the tap's memory.
          if (!reshaper && !res.write(c)) {
            up.pause();
            res.once('drain', () => up.resume());
          }
        });
        up.on('end', () => {
          if (parser) {
            const events = [...parser.push(decoder.decode()), ...parser.end()];
            events.forEach(sseFrame);
            reshaper?.push(events);
          } else frame('s2c', answer!.text(), { ...meta, ...cutMeta(answer!, 'response') });
          if (reshaper) void reshaper.drained().then(() => res.end());
          else res.end();
        });
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err) => {
      // No server answered, so no response frame: the 502 is the tap's own, and the record
      // shows a request nobody replied to, which is what happened.
      recordRequest();
      options.onUpstreamError?.(n, err.message);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`tap: could not reach the server: ${err.message}\n`);
    });
    // A client that hangs up (e.g. closing a GET stream) ends the upstream request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  self = { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
  return {
    url: `http://127.0.0.1:${port}${prefix}${target.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
