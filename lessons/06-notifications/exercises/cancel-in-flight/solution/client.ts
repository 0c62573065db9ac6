// Cancel in flight: call track_shipment with a progress token, print each step's message,
// cancel the call after the second step, ignore whatever still comes about it, and stop.
// No SDK. Run: node client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Message {
  id?: number;
  method?: string;
  params?: { progressToken?: string; message?: string };
  result?: unknown;
}

const TRACK_ID = 2;
const TOKEN = 'track-PT-1041';
let steps = 0;
let cancelled = false;

function send(message: object): void {
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

// readline hands over whole lines, however the bytes were cut on the way.
createInterface({ input: server.stdout }).on('line', (line) => {
  const message = JSON.parse(line) as Message;
  if (message.id === 1) {
    send({ method: 'notifications/initialized' });
    send({
      id: TRACK_ID,
      method: 'tools/call',
      params: {
        name: 'track_shipment',
        arguments: { order_id: 'PT-1041' },
        _meta: { progressToken: TOKEN },
      },
    });
    return;
  }
  // Once cancelled, the call is over for us: late progress and a late result are dropped.
  if (cancelled) return;
  if (message.method === 'notifications/progress' && message.params?.progressToken === TOKEN) {
    steps += 1;
    console.log(message.params.message);
    if (steps === 2) {
      cancelled = true;
      send({
        method: 'notifications/cancelled',
        params: { requestId: TRACK_ID, reason: 'seen enough' },
      });
      // Nothing more will be awaited: closing stdin lets the server, then us, finish.
      server.stdin.end();
    }
  }
});

send({
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'cancel-in-flight', version: '1.0.0' },
  },
});
