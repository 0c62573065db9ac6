// The streamable HTTP tap: a recording reverse proxy. Through the harness it records a real
// SDK client talking to Paper Trail over HTTP; on its own it refuses foreign Hosts, Origins
// and paths without its token.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startHttpTap } from '../../sandbox/tap/http-tap.ts';
import { collect, FIXTURE_EXERCISES } from './helpers.ts';

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP tap', () => {
  it('records requests, statuses, MCP headers and SSE events of a real session', async () => {
    const { events, summary } = await collect({
      exercise: 'http-client',
      exercisesRoot: FIXTURE_EXERCISES,
      mode: 'run',
      checks: {},
    });
    expect(summary.verdict).toBe('completed');
    const out = events.flatMap((e) => (e.type === 'stdout' ? [e.text] : [])).join('');
    expect(JSON.parse(out)).toEqual({
      order_id: 'PT-1041',
      status: 'shipped',
      carrier: 'Delhivery',
      eta: '2026-08-05',
    });

    const frames = events.flatMap((e) => (e.type === 'frame' ? [e] : []));
    expect(frames.every((f) => f.transport === 'http' && f.http)).toBe(true);
    const init = frames[0];
    expect(init).toMatchObject({
      dir: 'c2s',
      http: { exchange: 0, part: 'request', method: 'POST', path: '/mcp' },
    });
    expect(JSON.parse(init.text)).toMatchObject({ method: 'initialize', jsonrpc: '2.0' });
    const status = frames.find((f) => f.http?.exchange === 0 && f.http.part === 'response');
    expect(status?.http?.status).toBe(200);
    expect(status?.http?.headers['mcp-session-id']).toMatch(/.+/);
    const sse = frames.find((f) => f.http?.exchange === 0 && f.http.part === 'sse');
    expect(sse?.http?.event).toBe('message');
    expect(JSON.parse(sse!.text)).toMatchObject({
      id: 0,
      result: { serverInfo: { name: 'paper-trail' } },
    });
    // The notification is accepted with 202 and no body.
    const note = frames.find(
      (f) => f.http?.part === 'request' && f.text.includes('notifications/initialized'),
    );
    const accepted = frames.find(
      (f) => f.http?.exchange === note?.http?.exchange && f.http?.part === 'response',
    );
    expect(accepted).toMatchObject({ text: '', http: { status: 202 } });
    // Later requests carry the session and the negotiated protocol version.
    const later = frames.filter((f) => f.http?.part === 'request' && (f.http.exchange ?? 0) > 1);
    expect(later.every((f) => f.http?.headers['mcp-protocol-version'] === '2025-11-25')).toBe(true);
    expect(frames.some((f) => f.http?.method === 'DELETE')).toBe(true);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    expect(events).toContainEqual(expect.objectContaining({ type: 'exit', source: 'peer' }));
  });

  it('forwards with its own Host rewritten and refuses foreign Host, Origin and path', async () => {
    const target = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ host: req.headers.host, path: req.url }));
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const port = (target.address() as AddressInfo).port;
    const seen: string[] = [];
    const tap = await startHttpTap({
      target: `http://127.0.0.1:${port}/mcp`,
      onFrame: (f) => seen.push(`${f.dir}:${f.http?.part}:${f.http?.status ?? f.http?.method}`),
    });
    try {
      const ok = await get(tap.url);
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body)).toEqual({ host: `127.0.0.1:${port}`, path: '/mcp' });
      expect(seen).toEqual(['c2s:request:GET', 's2c:response:200']);

      const tapOrigin = new URL(tap.url).origin;
      expect((await get(`${tapOrigin}/mcp`)).status).toBe(404);
      expect((await get(tap.url, { origin: 'http://evil.example' })).status).toBe(403);
      expect((await get(tap.url, { host: 'evil.example' })).status).toBe(403);
      expect((await get(tap.url, { origin: tapOrigin })).status).toBe(200);
      // Refused requests never reach the server or the recording.
      expect(seen).toHaveLength(4);
    } finally {
      await tap.close();
      await new Promise<void>((r) => target.close(() => r()));
    }
  });
});
