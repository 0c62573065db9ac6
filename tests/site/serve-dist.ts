// A minimal static server for the built site (dist/), bound to 127.0.0.1 on a free port,
// for browser tests. Directory URLs serve their index.html, as a static host would.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
export const DIST = join(REPO, 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Builds the site when dist/ has no lesson page yet (npm test builds before e2e). */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(join(DIST, 'lessons/the-wire/index.html'))) return;
  const child = spawn(process.execPath, [join(REPO, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: REPO,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) throw new Error(`astro build failed with exit code ${code}`);
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a snapshot of `dist` copied to a temp dir, so a build started elsewhere while the
 * browser tests run (astro empties dist/ first) cannot pull pages away mid-test.
 */
export async function serveDist(dist = DIST): Promise<Served> {
  const root = await mkdtemp(join(tmpdir(), 'dist-snapshot-'));
  await cp(dist, root, { recursive: true });
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      if (info.isDirectory()) {
        res.writeHead(301, { location: `${path}/` }).end();
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
