// A raw MCP client that negotiates the protocol version.
// Run: node client.ts <order id> <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The protocol versions this client speaks, newest first. */
const SPEAKS = ['2025-11-25', '2025-06-18'];

const [orderId, command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

// Every line the server writes on stdout is one JSON-RPC message.
createInterface({ input: server.stdout }).on('line', (line) => {
  console.error('server said:', line);
});

// TODO: offer the newest version in SPEAKS with initialize and wait for the result.
// If the server answered a version in SPEAKS: send notifications/initialized, call
// order_status for orderId, print the result's structuredContent as one JSON line, close
// the server's stdin. If not: say so on stderr (both versions), close the server's stdin
// and exit with a non-zero code.
void SPEAKS;
void orderId;
server.stdin.end();
