// The offline-classroom server: serves the built site (dist/) from this machine on
// 127.0.0.1 only, with cross-origin isolation on exercise pages and the local runtime
// endpoint, so exercises run on this machine's Node without any network.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createRuntimeEndpoint } from '../runtime/local/endpoint.ts';
import { loopbackHosts, newToken, type Gate } from '../runtime/local/security.ts';
import { ISOLATION_HEADERS, needsIsolation } from '../runtime/headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface WorkshopOptions {
  dist: string;
  exercisesRoot: string;
  harnessMain: string;
  /** 0 picks a free port. */
  port: number;
  /** false serves the site alone, so the page falls back to the WebContainer (used in tests). */
  runtime: boolean;
  timeoutMs?: number;
}

export interface Workshop {
  server: Server;
  url: string;
  token: string;
  close(): Promise<void>;
}

export async function startWorkshop(options: WorkshopOptions): Promise<Workshop> {
  const root = resolve(options.dist);
  let port = options.port;
  const gate: Gate = { token: newToken(), hosts: () => loopbackHosts(port) };
  const endpoint = options.runtime
    ? createRuntimeEndpoint({
        gate,
        exercisesRoot: options.exercisesRoot,
        harnessMain: options.harnessMain,
        timeoutMs: options.timeoutMs,
      })
    : undefined;

  const server = createServer((req, res) => {
    if (endpoint?.(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://x');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = resolve(join(root, normalize(pathname)));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('outside the site');
      return;
    }
    let target = file;
    if (existsSync(target) && statSync(target).isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(308, { Location: pathname + '/' + url.search }).end();
        return;
      }
      target = join(target, 'index.html');
    }
    const headers: Record<string, string> = {};
    if (needsIsolation(pathname)) Object.assign(headers, ISOLATION_HEADERS);
    if (!existsSync(target) || !statSync(target).isFile()) {
      const notFound = join(root, '404.html');
      res.writeHead(404, { ...headers, 'Content-Type': TYPES['.html'] });
      if (existsSync(notFound)) createReadStream(notFound).pipe(res);
      else res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    headers['Content-Type'] = TYPES[extname(target)] ?? 'application/octet-stream';
    headers['Cache-Control'] = pathname.startsWith('/_astro/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    token: gate.token,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
