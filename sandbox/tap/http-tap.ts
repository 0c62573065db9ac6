// The streamable HTTP tap: a recording reverse proxy on 127.0.0.1. Every request, every
// response status line with its MCP headers, and every server-sent event becomes a frame.
// Bodies pass through as they arrive (an SSE stream is never buffered), so the client sees
// what it would see talking to the server directly. The proxy URL carries a random token
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
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const n = exchange++;
      frame('c2s', body.toString('utf8'), {
        exchange: n,
        part: 'request',
        method: req.method,
        path: forwardPath,
        // Host is never recorded (it holds the tap's port), except the foreign one a
        // rebinding capture sends on purpose.
        headers: foreignHost && host ? { host, ...pick(req.headers) } : pick(req.headers),
      });
      const headers: Record<string, string | string[] | undefined> = { ...req.headers };
      headers.host = foreignHost ? host : target.host;
      if (origin !== undefined) headers.origin = foreign ? origin : target.origin;
      delete headers['content-length'];
      if (body.length > 0) headers['content-length'] = String(body.length);
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: forwardPath === '/' ? target.pathname : forwardPath,
          headers,
        },
        (up) => {
          const type = String(up.headers['content-type'] ?? '');
          const sse = type.startsWith('text/event-stream');
          const upChunks: Buffer[] = [];
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
            } else upChunks.push(c);
            if (!reshaper) res.write(c);
          });
          up.on('end', () => {
            if (parser) {
              const events = [...parser.push(decoder.decode()), ...parser.end()];
              events.forEach(sseFrame);
              reshaper?.push(events);
            } else frame('s2c', Buffer.concat(upChunks).toString('utf8'), meta);
            if (reshaper) void reshaper.drained().then(() => res.end());
            else res.end();
          });
          up.on('error', () => res.destroy());
        },
      );
      upstream.on('error', (err) => {
        // No server answered, so no response frame: the 502 is the tap's own, and the record
        // shows a request nobody replied to, which is what happened.
        options.onUpstreamError?.(n, err.message);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`tap: could not reach the server: ${err.message}\n`);
      });
      // A client that hangs up (e.g. closing a GET stream) ends the upstream request too.
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
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
