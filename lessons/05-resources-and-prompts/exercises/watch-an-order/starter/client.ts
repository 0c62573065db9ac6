// Watch an order with a raw MCP client: no SDK, just a child process and JSON lines.
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
    clientInfo: { name: 'watch-an-order', version: '1.0.0' },
  },
});

// TODO: wait for the initialize result, then send notifications/initialized.
// TODO: resources/list; the first resource it lists is the order to watch.
// TODO: resources/subscribe to its uri, read it and print its status.
// TODO: on each notifications/resources/updated for that uri, read it again and print the
//       status when it changed; ignore updates for other uris.
// TODO: once the status is "delivered", close the server's stdin.
setTimeout(() => server.stdin.end(), 500);
