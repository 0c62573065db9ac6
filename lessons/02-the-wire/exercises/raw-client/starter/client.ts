// A raw MCP client: no SDK, just a child process and one JSON-RPC message per line.
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

// TODO: send initialize (protocolVersion "2025-11-25", capabilities, clientInfo) and wait for
// its result; send notifications/initialized; tools/list; tools/call order_status PT-1041;
// print structuredContent as one JSON line; close the server's stdin.
server.stdin.end();
