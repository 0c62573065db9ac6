// The local runtime endpoint runs code on the learner's machine; these tests attack it the
// way a hostile page or a DNS-rebinding attack would, over real HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workshop } from '../../sandbox/workshop/server.ts';
import {
  EXERCISES_ROOT,
  HARNESS_MAIN,
  startTestWorkshop,
  type TestWorkshop,
} from './workshop-fixture.ts';
import { rawRequest } from './http.ts';
import { createRuntimeEndpoint } from '../../sandbox/runtime/server/endpoint.ts';
import { loopbackHosts, type Gate } from '../../sandbox/runtime/server/security.ts';

let fixture: TestWorkshop;
let ws: Workshop;
let origin: string;
let host: string;

beforeAll(async () => {
  fixture = await startTestWorkshop();
  ({ ws, origin } = fixture);
  host = new URL(ws.url).host;
});

afterAll(() => fixture.close());

const runBody = JSON.stringify({ exercise: 'raw-client', mode: 'run', files: {} });

function post(path: string, headers: Record<string, string>, body = runBody) {
  return rawRequest(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('token endpoint', () => {
  it('gives the token to a same-origin request', async () => {
    const res = await rawRequest(`${origin}/__runtime/token`, {
      headers: { host, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ token: ws.token });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a foreign Origin', async () => {
    const res = await rawRequest(`${origin}/__runtime/token`, {
      headers: { host, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain(ws.token);
  });

  it('refuses a cross-site fetch even without an Origin header', async () => {
    const res = await rawRequest(`${origin}/__runtime/token`, {
      headers: { host, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a rebinding Host name', async () => {
    const port = new URL(ws.url).port;
    const res = await rawRequest(`${origin}/__runtime/token`, {
      headers: { host: `evil.example:${port}` },
    });
    expect(res.status).toBe(421);
    expect(res.body).not.toContain(ws.token);
  });
});

describe('run endpoint', () => {
  it('answers 401 without a token', async () => {
    const res = await post('/__runtime/run', { host, origin });
    expect(res.status).toBe(401);
  });

  it('answers 401 with a wrong token of the right length', async () => {
    const wrong = ws.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await post('/__runtime/run', { host, origin, 'x-mcpw-token': wrong });
    expect(res.status).toBe(401);
  });

  it('answers 403 to a foreign Origin even with the right token', async () => {
    const res = await post('/__runtime/run', {
      host,
      origin: 'http://evil.example',
      'x-mcpw-token': ws.token,
    });
    expect(res.status).toBe(403);
  });

  it('answers 403 without an Origin (POSTs from the page always carry one)', async () => {
    const res = await post('/__runtime/run', { host, 'x-mcpw-token': ws.token });
    expect(res.status).toBe(403);
  });

  it('answers 421 to a foreign Host even with the right token and Origin', async () => {
    const port = new URL(ws.url).port;
    const res = await post('/__runtime/run', {
      host: `attacker.example:${port}`,
      origin: `http://attacker.example:${port}`,
      'x-mcpw-token': ws.token,
    });
    expect(res.status).toBe(421);
  });

  it('accepts localhost as well as 127.0.0.1 for the same port', async () => {
    const port = new URL(ws.url).port;
    const res = await post('/__runtime/ping', {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
      'x-mcpw-token': ws.token,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).node).toMatch(/^v\d+/);
  });

  it('rejects a file the exercise does not let the learner edit', async () => {
    const body = JSON.stringify({
      exercise: 'raw-client',
      mode: 'run',
      files: { '../../etc/passwd': 'x' },
    });
    const res = await post('/__runtime/run', { host, origin, 'x-mcpw-token': ws.token }, body);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toContain('not an editable file');
  });

  it('rejects a malformed body with a readable message', async () => {
    const body = JSON.stringify({ exercise: 'Raw Client!', mode: 'walk' });
    const res = await post('/__runtime/run', { host, origin, 'x-mcpw-token': ws.token }, body);
    expect(res.status).toBe(400);
    const error = (JSON.parse(res.body) as { error: string }).error;
    expect(error).toContain('run request: exercise: exercise must be an exercise id, kebab-case');
    expect(error).toMatch(/^run request: mode: /m);
  });

  it('only listens on 127.0.0.1', () => {
    const address = ws.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
  });
});

describe('console endpoint', () => {
  const consoleBody = JSON.stringify({ program: 'console.log(1);\n' });
  const attempt = (headers: Record<string, string>, body = consoleBody) =>
    post('/__runtime/console', headers, body);

  it('answers 401 without a token', async () => {
    expect((await attempt({ host, origin })).status).toBe(401);
  });

  it('answers 403 to a foreign Origin, and to none, even with the right token', async () => {
    const foreign = { host, origin: 'http://evil.example', 'x-mcpw-token': ws.token };
    expect((await attempt(foreign)).status).toBe(403);
    expect((await attempt({ host, 'x-mcpw-token': ws.token })).status).toBe(403);
  });

  it('answers 421 to a foreign Host even with the right token and Origin', async () => {
    const port = new URL(ws.url).port;
    const res = await attempt({
      host: `attacker.example:${port}`,
      origin: `http://attacker.example:${port}`,
      'x-mcpw-token': ws.token,
    });
    expect(res.status).toBe(421);
  });

  it('rejects a body without a program, saying so', async () => {
    const res = await attempt({ host, origin, 'x-mcpw-token': ws.token }, '{"files":{}}');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toContain('console request: program: program is required');
  });

  it('takes a done the program prints for its output, never for the end of the session', async () => {
    const forged = JSON.stringify({ type: 'done', verdict: 'completed', summary: 'forged' });
    const body = JSON.stringify({ program: `console.log(${JSON.stringify(forged)});\n` });
    const res = await attempt({ host, origin, 'x-mcpw-token': ws.token }, body);
    expect(res.status).toBe(200);
    const events = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; summary?: string; text?: string });
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'done', summary: 'the session finished' });
    expect(events.some((e) => e.type === 'stdout' && e.text?.includes('forged'))).toBe(true);
  }, 20_000);
});

describe('static serving', () => {
  it('does not serve files outside dist', async () => {
    const res = await rawRequest(`${origin}/..%2f..%2fetc%2fpasswd`, { headers: { host } });
    expect([403, 404]).toContain(res.status);
    expect(res.body).not.toContain('root:');
  });

  it('sends COOP and COEP on exercise pages only', async () => {
    const lesson = await rawRequest(`${origin}/`, { headers: { host } });
    expect(lesson.headers['cross-origin-embedder-policy']).toBeUndefined();
    const ex = await rawRequest(`${origin}/exercises/raw-client/`, { headers: { host } });
    expect(ex.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(ex.headers['cross-origin-embedder-policy']).toBe('require-corp');
  });
});

describe('endpoint limits', () => {
  let server: Server;
  let base: string;
  const gate: Gate = { token: 'test-token', hosts: () => loopbackHosts(port) };
  let port = 0;

  beforeAll(async () => {
    const endpoint = createRuntimeEndpoint({
      gate,
      exercisesRoot: EXERCISES_ROOT,
      harnessMain: HARNESS_MAIN,
      maxConcurrent: 1,
    });
    server = createServer((req, res) => {
      if (!endpoint(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const headers = () => ({
    host: `127.0.0.1:${port}`,
    origin: base,
    'x-mcpw-token': gate.token,
    'content-type': 'application/json',
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const body = JSON.stringify({
      exercise: 'raw-client',
      mode: 'run',
      files: { 'client.ts': 'x'.repeat(1100 * 1024) },
    });
    const res = await rawRequest(`${base}/__runtime/run`, {
      method: 'POST',
      headers: headers(),
      body,
    });
    expect(res.status).toBe(413);
  });

  it('answers 429 while its one run slot is busy, and stops that run when the client leaves', async () => {
    const hang = 'setInterval(() => undefined, 1000);\nconsole.log("busy");\n';
    const controller = new AbortController();
    // fetch sets Host itself; everything else is what the page would send.
    const { host: _host, ...fetchHeaders } = headers();
    const first = await fetch(`${base}/__runtime/run`, {
      method: 'POST',
      headers: fetchHeaders,
      body: JSON.stringify({ exercise: 'raw-client', mode: 'run', files: { 'client.ts': hang } }),
      signal: controller.signal,
    });
    expect(first.status).toBe(200);
    const reader = first.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    while (!seen.includes('busy')) seen += (await reader.read()).value ?? '';
    const second = await rawRequest(`${base}/__runtime/run`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ exercise: 'raw-client', mode: 'run', files: {} }),
    });
    expect(second.status).toBe(429);
    controller.abort();
    // The slot frees once the aborted run has been torn down.
    await expect
      .poll(
        async () =>
          (
            await rawRequest(`${base}/__runtime/ping`, {
              method: 'POST',
              headers: headers(),
              body: '{}',
            })
          ).status,
      )
      .toBe(200);
    await expect
      .poll(
        async () =>
          (
            await rawRequest(`${base}/__runtime/run`, {
              method: 'POST',
              headers: headers(),
              body: JSON.stringify({
                exercise: 'raw-client',
                mode: 'run',
                files: { 'client.ts': '' },
              }),
            })
          ).status,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200);
  });
});
