// Answer the server with a raw MCP client: no SDK, just a child process and JSON lines.
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
    capabilities: {}, // TODO: say that this client can answer elicitation/create
    clientInfo: { name: 'answer-the-server', version: '1.0.0' },
  },
});

// TODO: wait for the initialize result, then send notifications/initialized.
// TODO: tools/call cancel_order for PT-1041. If the server asks (elicitation/create), the user
//       says yes: answer accept with {"confirm": true}. Print the call's result text.
// TODO: then tools/call cancel_order for PT-1017. If the server asks, the user declines.
//       Print that call's result text too, then close the server's stdin.
setTimeout(() => server.stdin.end(), 500);
