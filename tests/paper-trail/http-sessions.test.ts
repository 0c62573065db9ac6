// Sessions end: an idle one expires (its id then gets 404 and the client must initialize
// again), and the number of open sessions is capped (one more initialize gets 503).
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../sandbox/paper-trail/index.ts';
import type { RunningHttpServer } from '../../sandbox/paper-trail/index.ts';

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'sessions-test', version: '1.0.0' },
  },
});
const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

function post(url: string, body: string, sessionId?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } : {}),
    },
    body,
  });
}

async function openSession(url: string): Promise<string> {
  const res = await post(url, initialize);
  expect(res.status).toBe(200);
  await res.text();
  const id = res.headers.get('mcp-session-id');
  expect(id).toBeTruthy();
  return id!;
}

/** Resolves with the first log line that matches, so a test waits for the event itself. */
function logWatcher() {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  return {
    lines,
    log(line: string) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    },
    next(pattern: RegExp) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise<string>((resolve) => waiters.push({ pattern, resolve }));
    },
  };
}

describe('Paper Trail HTTP sessions', () => {
  let server: RunningHttpServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('expires a session left idle; its id then gets 404 and a new initialize works', async () => {
    const watch = logWatcher();
    server = await startHttpServer({
      port: 0,
      jsonResponse: true,
      // Long enough that a loaded machine still sends the second request in time.
      sessionIdleMs: 1000,
      log: watch.log,
    });
    const id = await openSession(server.url);
    const alive = await post(server.url, toolsList, id);
    expect(alive.status).toBe(200);
    await alive.text();

    const line = await watch.next(/expired after 1000 ms idle/);
    expect(line).toContain(id);
    const gone = await post(server.url, toolsList, id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { message: 'Session not found' } });

    const again = await openSession(server.url);
    expect(again).not.toBe(id);
  });

  it('does not expire a session while one of its SSE responses is still open', async () => {
    const watch = logWatcher();
    // The call sleeps four times 800 ms, so it outlives the 1.5 s idle limit by far, while
    // the next request follows the initialize reply immediately.
    server = await startHttpServer({
      port: 0,
      jsonResponse: false,
      sessionIdleMs: 1500,
      stepDelayMs: 800,
      log: watch.log,
    });
    const res = await post(server.url, initialize);
    await res.text();
    const id = res.headers.get('mcp-session-id')!;
    const call = await post(
      server.url,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'track_shipment', arguments: { order_id: 'PT-1041' } },
      }),
      id,
    );
    expect(call.status).toBe(200);
    const stream = await call.text();
    expect(stream).toContain('PT-1041: shipped with Delhivery');
    expect(watch.lines.filter((line) => line.includes('expired'))).toEqual([]);
    // Once the stream is over the idle clock runs again.
    await watch.next(/expired after 1500 ms idle/);
  });

  it('refuses a session over the cap with 503 until one is closed with DELETE', async () => {
    server = await startHttpServer({ port: 0, jsonResponse: true, maxSessions: 2 });
    const first = await openSession(server.url);
    await openSession(server.url);

    const refused = await post(server.url, initialize);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining('Too many open sessions (limit 2)') },
    });

    const deleted = await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': first, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(deleted.status).toBe(200);
    await openSession(server.url);
  });
});
