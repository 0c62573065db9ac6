// The workshop server's static half sends text compressed to browsers that ask, the exact
// bytes of dist/ once decoded, and caches hashed assets for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serveSiteFile } from '../../sandbox/workshop/site-files.ts';
import { pickEncoding } from '../../sandbox/workshop/compression.ts';

let root: string;
let server: Server;
let port: number;
const script = `export const chunk = ${JSON.stringify('x'.repeat(50_000))};\n`;
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-compress-'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, '_astro', 'workbench.abc123.js'), script);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(root, 'logo.png'), png);
  server = createServer((req, res) => serveSiteFile(root, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        path,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the site files, compressed', () => {
  it('sends brotli to a browser that accepts it, decoding to the file, cached for good', async () => {
    const r = await get('/_astro/workbench.abc123.js', 'gzip, deflate, br, zstd');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['vary']).toBe('Accept-Encoding');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(r.body).toString()).toBe(script);
  });

  it('sends gzip where brotli is not accepted, and the bytes as they are where nothing is', async () => {
    const gz = await get('/', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('<!doctype html><title>t</title>');
    expect(gz.headers['cache-control']).toBe('no-cache');
    const plain = await get('/_astro/workbench.abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves compressed formats alone', async () => {
    const r = await get('/logo.png', 'br, gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.equals(png)).toBe(true);
    expect(pickEncoding('identity', 'text/html')).toBeNull();
    expect(pickEncoding('*', 'text/html')).toBeNull();
  });
});
