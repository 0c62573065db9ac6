// A streamable HTTP client with nothing but fetch (no SDK).
// Run: node client.ts http://127.0.0.1:PORT/mcp
//
// What it must do, in order (task.md has the details):
//  1. POST initialize and keep the Mcp-Session-Id header of the response.
//  2. POST notifications/initialized: the server answers 202 with no body.
//  3. POST tools/call track_shipment {"order_id":"PT-1041"} with a progress token, and read
//     the SSE stream by hand: print each progress message, one line each.
//  4. If the stream ends before the result, resume it: GET with Last-Event-ID.
//  5. Print the result's content[0].text, then DELETE the session.
import process from 'node:process';

const url = process.argv[2]!;

const res = await fetch(url, {
  method: 'POST',
  headers: {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'fetch-client', version: '1.0.0' },
    },
  }),
});
console.error(`initialize: HTTP ${res.status}, session ${res.headers.get('mcp-session-id')}`);
// The body is an SSE stream (or JSON): read it, then carry on from step 2.
console.error(await res.text());
