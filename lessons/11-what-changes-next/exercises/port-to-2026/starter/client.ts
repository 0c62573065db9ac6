// Your lesson-2 client, ported to 2026-07-28: no initialize, no session.
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

// TODO, with params._meta on every request (protocolVersion "2026-07-28",
// clientCapabilities, clientInfo):
// 1. server/discover, and check that its answer offers 2026-07-28;
// 2. tools/call order_status PT-1041; print its structuredContent as one JSON line;
// 3. tools/call cancel_order PT-1041; when the answer is input_required, call again with
//    inputResponses and requestState; print the final result's text;
// 4. close the server's stdin.
server.stdin.end();
