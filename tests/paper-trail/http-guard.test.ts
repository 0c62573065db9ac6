// The HTTP front door: only this very server's Host and Origin, sessions enforced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'guard-test', version: '1.0.0' },
  },
});

// node:http rather than fetch, because fetch will not let a caller forge the Host header.
function post(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('Paper Trail HTTP guard', () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnPaperTrailHttp({ jsonResponse: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('binds to 127.0.0.1 and accepts its own Origin', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const origin = new URL(server.url).origin;
    const res = await post(server.url, { origin }, initialize);
    expect(res.status).toBe(200);
    expect(res.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a foreign Origin with 403', async () => {
    const res = await post(server.url, { origin: 'http://evil.example' }, initialize);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      error: { message: expect.stringContaining('Origin') },
    });
  });

  it('rejects a foreign Host with 403', async () => {
    const res = await post(server.url, { host: 'evil.example:80' }, initialize);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      error: { message: expect.stringContaining('Host') },
    });
  });

  it('answers an unknown session with 404 and a session-less tools/list with 400', async () => {
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const unknown = await post(server.url, { 'mcp-session-id': 'no-such-session' }, list);
    expect(unknown.status).toBe(404);
    const missing = await post(server.url, {}, list);
    expect(missing.status).toBe(400);
  });
});
