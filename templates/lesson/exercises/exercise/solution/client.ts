// A raw MCP client: one JSON-RPC message per line over the server's stdin and stdout.
// Run: node client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Response {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

// Requests waiting for their reply, by id.
const waiting = new Map<number, (reply: Response) => void>();
let nextId = 1;

createInterface({ input: server.stdout }).on('line', (line) => {
  const reply = JSON.parse(line);
  waiting.get(reply.id)?.(reply);
  waiting.delete(reply.id);
});

function send(message: object): void {
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

function request(method: string, params: object = {}): Promise<Response> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    send({ id, method, params });
  });
}

await request('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'exercise-client', version: '1.0.0' },
});
send({ method: 'notifications/initialized' });
await request('tools/list');

const call = await request('tools/call', {
  name: 'order_status',
  arguments: { order_id: 'PT-1041' },
});
console.log(JSON.stringify(call.result?.structuredContent));
server.stdin.end();
