// The built site (dist/) as files over HTTP: GET and HEAD only, nothing outside the root,
// folders redirected to their slash form, cross-origin isolation on exercise pages, hashed
// assets cached for good, and text compressed for the browsers that ask (the workbench's
// editor chunk is about a megabyte as it lies on disk).
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { pickEncoding, compressor } from './compression.ts';
import { ISOLATION_HEADERS, needsIsolation } from '../runtime/server/headers.ts';

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

// No file the build writes has a control character in its name, and a decoded NUL, CR or
// LF is how a request smuggles bytes into a file system call or a header.
function hasControlCharacter(text: string): boolean {
  return [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** Answers one request from the site folder `root` (an absolute, resolved path). */
export function serveSiteFile(root: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  // WHATWG parsing keeps the path percent-encoded (and ASCII); only the file lookup decodes.
  const url = new URL(req.url ?? '/', 'http://x');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end('bad path: a broken %-escape');
    return;
  }
  if (hasControlCharacter(pathname)) {
    res.writeHead(400).end('bad path: it contains a control character');
    return;
  }
  const file = join(root, normalize(pathname));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end('outside the site');
    return;
  }
  let target = file;
  if (existsSync(target) && statSync(target).isDirectory()) {
    if (!pathname.endsWith('/')) {
      // The encoded form: a decoded path may hold characters no header can carry.
      res.writeHead(308, { Location: url.pathname + '/' + url.search }).end();
      return;
    }
    target = join(target, 'index.html');
  }
  const headers: Record<string, string> = {};
  if (needsIsolation(pathname)) Object.assign(headers, ISOLATION_HEADERS);
  if (!existsSync(target) || !statSync(target).isFile()) {
    const notFound = join(root, '404.html');
    res.writeHead(404, { ...headers, 'Content-Type': TYPES['.html'] });
    if (existsSync(notFound)) send(notFound, res);
    else res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
    return;
  }
  headers['Content-Type'] = TYPES[extname(target)] ?? 'application/octet-stream';
  headers['Cache-Control'] = pathname.startsWith('/_astro/')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  const encoding = pickEncoding(req.headers['accept-encoding'], headers['Content-Type']);
  headers['Vary'] = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else send(target, res, encoding);
}

function send(file: string, res: ServerResponse, encoding?: 'br' | 'gzip' | null): void {
  // A file that vanishes or cannot be read mid-answer cuts this answer short (the status is
  // already sent); an unhandled stream error would end the whole server instead.
  if (encoding) pipeline(createReadStream(file), compressor(encoding), res, () => undefined);
  else pipeline(createReadStream(file), res, () => undefined);
}
