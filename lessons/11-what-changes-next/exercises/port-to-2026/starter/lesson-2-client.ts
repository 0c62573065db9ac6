// Your client from lesson 2 (exercise raw-client), run as it is against Paper Trail v2 to
// show what a 2025-11-25 client meets there; it is not graded. This is the course's reference
// solution: paste your own lesson-2 client.ts over it to see how yours fares.
// Run: node lesson-2-client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Response {
  result?: { structuredContent?: unknown };
  error?: { code: number; message: string };
}

// Requests waiting for their response, by id.
const waiting = new Map<number, (message: Response) => void>();
let nextId = 1;

const lines = createInterface({ input: server.stdout });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if ('id' in message && waiting.has(message.id)) {
    waiting.get(message.id)!(message);
    waiting.delete(message.id);
  }
});

function send(message: object): void {
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

function request(method: string, params: object): Promise<Response> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    send({ id, method, params });
  });
}

await request('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw-client', version: '1.0.0' },
});
send({ method: 'notifications/initialized' });
await request('tools/list', {});
const call = await request('tools/call', {
  name: 'order_status',
  arguments: { order_id: 'PT-1041' },
});
console.log(JSON.stringify(call.result?.structuredContent));
server.stdin.end();
