// `npm run tap -- --http` in front of a server that answers with a JSON body far larger than
// any MCP message, to a client that sends one as large: the bodies pass through as they
// arrive and the tap keeps only the start of each in its capture, saying how long it was,
// instead of holding both whole (200 MiB once took 1.3 GiB). Measured on the tap's own
// process, by the peak resident size the kernel counts for it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCapture } from '../../sandbox/wire/capture-file.ts';

const TAP = fileURLToPath(new URL('../../sandbox/cli/tap.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpw-tap-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MIB = 1024 * 1024;
const REQUEST_BYTES = 64 * MIB;
const RESPONSE_BYTES = 160 * MIB;
/**
 * The tap's whole peak: Node itself (about 60 MB), the start of each body it keeps, and
 * chunks that crossed but wait for the collector (about 200 MiB in all here; holding both
 * bodies whole took 1.2 GiB).
 */
const PEAK_LIMIT = 320 * MIB;

/** Writes a JSON body of `bytes` bytes in 1 MiB pieces, heeding backpressure. */
async function writeBody(out: NodeJS.WritableStream, bytes: number): Promise<void> {
  const head = '{"jsonrpc":"2.0","id":1,"result":{"pad":"';
  const tail = '"}}';
  const piece = 'x'.repeat(MIB);
  out.write(head);
  let left = bytes - head.length - tail.length;
  while (left > 0) {
    const n = Math.min(left, MIB);
    left -= n;
    if (!out.write(n === MIB ? piece : piece.slice(0, n))) {
      await new Promise((r) => out.once('drain', r));
    }
  }
  out.end(tail);
}

function peakResident(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kib) * 1024;
}

describe('tap --http with bodies of hundreds of MiB', () => {
  it('streams them through and keeps only their start, in bounded memory', async () => {
    let received = 0;
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.on('data', (c: Buffer) => (received += c.length));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        void writeBody(res, RESPONSE_BYTES);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const out = join(dir, 'big.jsonl');
    const child = spawn(
      process.execPath,
      [TAP, '--http', '--target', `http://127.0.0.1:${port}/mcp`, '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL from the tap: ${stderr}`)), 20_000);
        child.stderr.on('data', () => {
          const m = /point your client at (\S+)/.exec(stderr);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const target = new URL(url);
      const got = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              'content-length': String(REQUEST_BYTES),
            },
          },
          (res) => {
            let n = 0;
            res.on('data', (c: Buffer) => (n += c.length));
            res.on('end', () => resolve(n));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        void writeBody(req, REQUEST_BYTES);
      });
      // Both bodies crossed whole.
      expect(received).toBe(REQUEST_BYTES);
      expect(got).toBe(RESPONSE_BYTES);
      const peak = peakResident(child.pid!);
      console.log(`tap peak resident: ${Math.round(peak / MIB)} MiB`);
      expect(peak).toBeLessThan(PEAK_LIMIT);

      const closed = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await closed;
      const frames = parseCapture(readFileSync(out, 'utf8'), out);
      expect(frames.map((f) => `${f.dir} ${f.http?.part} ${f.http?.bodyBytes}`)).toEqual([
        `c2s request ${REQUEST_BYTES}`,
        `s2c response ${RESPONSE_BYTES}`,
      ]);
      for (const f of frames) {
        expect(f.text.length).toBeLessThan(f.http!.bodyBytes!);
        expect(f.text.startsWith('{"jsonrpc":"2.0","id":1,')).toBe(true);
      }
      expect(stderr).toMatch(
        /tap: the request body of exchange 0 was 64 MiB: the capture keeps its first \d+ MiB/,
      );
      expect(stderr).toMatch(
        /tap: the response body of exchange 0 was 160 MiB: the capture keeps its first \d+ MiB/,
      );
    } finally {
      child.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);
});

describe('tap --http with a chunked request body', () => {
  it('passes the body on with the framing the client chose', async () => {
    let received = '';
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.setEncoding('utf8');
      req.on('data', (c: string) => (received += c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const out = join(dir, 'chunked.jsonl');
    const child = spawn(
      process.execPath,
      [TAP, '--http', '--target', `http://127.0.0.1:${port}/mcp`, '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL from the tap: ${stderr}`)), 20_000);
        child.stderr.on('data', () => {
          const m = /point your client at (\S+)/.exec(stderr);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
      const status = await new Promise<number>((resolve, reject) => {
        // No content-length: Node sends the body chunked.
        const req = request(
          url,
          { method: 'POST', headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 50);
      });
      expect(status, stderr).toBe(200);
      expect(received).toBe(body);
      const closed = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await closed;
      const frames = parseCapture(readFileSync(out, 'utf8'), out);
      expect(frames.map((f) => `${f.dir} ${f.http?.part} ${f.text}`)).toEqual([
        `c2s request ${body}`,
        's2c response {"jsonrpc":"2.0","id":1,"result":{}}',
      ]);
    } finally {
      child.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
