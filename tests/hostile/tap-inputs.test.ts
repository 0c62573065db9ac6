// Hostile input to `npm run tap`: a server whose session id is "1" or empty, a capture file
// that cannot be written, an https:// target, a target where nothing listens, an SSE event
// that arrives in thousands of pieces. Each gets a sentence or a faithful record; none gets a
// stack trace, a corrupted capture or a frame no server sent.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { normaliseCapture, sessionPlaceholder } from '../../sandbox/capture/normalise.ts';
import { parseCapture } from '../../sandbox/wire/capture-file.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { SseParser } from '../../sandbox/wire/sse.ts';

const TAP = fileURLToPath(new URL('../../sandbox/cli/tap.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpw-tap-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tap = (...args: string[]) =>
  spawnSync(process.execPath, [TAP, ...args], { encoding: 'utf8', timeout: 30_000, cwd: dir });

/** An HTTP exchange as the tap records it, with the session id the server gave. */
function exchange(sessionId: string): FrameRecord[] {
  const text = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","n":11}}';
  return [
    {
      seq: 0,
      t: 3,
      dir: 'c2s',
      transport: 'http',
      text: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}',
      http: { exchange: 1, part: 'request', method: 'POST', headers: {} },
    },
    {
      seq: 1,
      t: 9,
      dir: 's2c',
      transport: 'http',
      text,
      http: {
        exchange: 1,
        part: 'response',
        status: 200,
        headers: { 'mcp-session-id': sessionId },
      },
    },
    {
      seq: 2,
      t: 12,
      dir: 's2c',
      transport: 'http',
      text: `{"jsonrpc":"2.0","id":2,"result":{"session":"${sessionId}","ids":["${sessionId}"]}}`,
      http: {
        exchange: 2,
        part: 'response',
        status: 200,
        headers: { 'mcp-session-id': sessionId },
      },
    },
  ] as FrameRecord[];
}

describe('tap --normalise', () => {
  it('replaces a short session id only where it stands as the id', () => {
    const [init, reply, other] = normaliseCapture(exchange('1'));
    expect(init.text).toBe(exchange('1')[0].text);
    expect(reply.text).toBe(exchange('1')[1].text);
    expect(reply.http?.headers['mcp-session-id']).toBe(sessionPlaceholder(1));
    expect(other.text).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"session":"${sessionPlaceholder(1)}","ids":["${sessionPlaceholder(1)}"]}}`,
    );
  });

  it('leaves an empty session id alone', () => {
    const frames = normaliseCapture(exchange(''));
    expect(frames.map((f) => f.text)).toEqual(exchange('').map((f) => f.text));
    expect(frames[1].http?.headers['mcp-session-id']).toBe('');
  });

  it('still replaces a UUID inside a message, but not inside a longer word', () => {
    const id = '8e3c5f0a-1b2c-4d5e-8f90-123456789abc';
    const frames = exchange(id);
    frames[2] = { ...frames[2], text: `Session ${id} not found; x${id}y stays` };
    const out = normaliseCapture(frames);
    expect(out[2].text).toBe(`Session ${sessionPlaceholder(1)} not found; x${id}y stays`);
  });
});

describe('tap --normalise, end to end', () => {
  it('keeps the record as it crossed beside the normalised capture', () => {
    const out = join(dir, 'echo.jsonl');
    const echo = 'process.stdin.on("data", (d) => process.stdout.write(d))';
    const r = spawnSync(
      process.execPath,
      [TAP, '--normalise', '--out', out, '--', process.execPath, '-e', echo],
      { encoding: 'utf8', timeout: 30_000, input: '{"jsonrpc":"2.0","id":1,"method":"ping"}\n' },
    );
    expect(r.status, r.stderr).toBe(0);
    const raw = join(dir, 'echo.raw.jsonl');
    expect(r.stderr).toContain(`tap: 2 frames in ${out} (as it crossed: ${raw})`);
    const kept = parseCapture(readFileSync(raw, 'utf8'), raw);
    const normalised = parseCapture(readFileSync(out, 'utf8'), out);
    expect(normalised.map((f) => f.text)).toEqual(kept.map((f) => f.text));
    expect(normalised.map((f) => f.t)).toEqual([0, 1]);
  });
});

describe('tap --out', () => {
  it('names a folder that does not exist, with no stack trace', () => {
    const r = tap('--out', join(dir, 'no', 'such', 'folder', 's.jsonl'), '--', 'true');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `tap: cannot write the capture to ${join(dir, 'no', 'such', 'folder', 's.jsonl')}: the folder ${join(dir, 'no', 'such', 'folder')} does not exist`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a folder as the capture file', () => {
    mkdirSync(join(dir, 'a-folder'), { recursive: true });
    const r = tap('--out', join(dir, 'a-folder'), '--', 'true');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is a folder; give a file name');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('tap --http --target', () => {
  it('refuses https:// and says why', () => {
    const r = tap('--http', '--target', 'https://127.0.0.1:9/mcp');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--target must be http://: the tap speaks plain HTTP');
  });

  it('records no response frame when nothing listens at the target', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const out = join(dir, 'dead.jsonl');
    const child = spawn(
      process.execPath,
      [TAP, '--http', '--target', `http://127.0.0.1:${deadPort}/mcp`, '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
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
    const status = await new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    });
    expect(status).toBe(502);
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGTERM');
    await closed;
    const frames = parseCapture(readFileSync(out, 'utf8'), out);
    expect(frames.map((f) => `${f.dir} ${f.http?.part}`)).toEqual(['c2s request']);
    expect(stderr).toContain(
      `tap: could not reach http://127.0.0.1:${deadPort}/mcp (connect ECONNREFUSED`,
    );
  });
});

describe('the SSE parser', () => {
  it('finds every event however the stream is cut, a seam between two line ends included', () => {
    const stream =
      'id: 1\ndata: {"a":1}\n\n: keep-alive\n\nevent: message\r\ndata: {"b":2}\r\n\r\n';
    const whole = new SseParser().push(stream);
    for (let size = 1; size <= 7; size++) {
      const parser = new SseParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size)
        events.push(...parser.push(stream.slice(i, i + size)));
      events.push(...parser.end());
      expect(events, `cut every ${size} characters`).toEqual(whole);
    }
    expect(whole).toEqual([
      { data: '{"a":1}', id: '1' },
      { data: '{"b":2}', event: 'message' },
    ]);
  });

  it('takes an event of a million characters in single-character pieces', () => {
    const data = 'x'.repeat(1_000_000);
    const stream = `data: ${data}\n\n`;
    const parser = new SseParser();
    const events = [];
    for (const c of stream) events.push(...parser.push(c));
    expect(events).toEqual([{ data }]);
  });
});
