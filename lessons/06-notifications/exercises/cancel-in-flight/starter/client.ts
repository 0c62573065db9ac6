// Cancel in flight with a raw MCP client: no SDK, just a child process and JSON lines.
// Run: node client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

// Every line the server writes on stdout is one JSON-RPC message.
const lines = createInterface({ input: server.stdout });
lines.on('line', (line) => {
  console.error('server said:', line);
});

function send(message: object): void {
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

send({
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'cancel-in-flight', version: '1.0.0' },
  },
});

// TODO: wait for the initialize result, then send notifications/initialized.
// TODO: tools/call track_shipment for PT-1041 with a progress token in params._meta.
// TODO: print params.message of each notifications/progress with your token.
// TODO: after the second one, send notifications/cancelled for your call and close the
//       server's stdin; print nothing more about the call, even if more of it arrives.
setTimeout(() => server.stdin.end(), 500);
