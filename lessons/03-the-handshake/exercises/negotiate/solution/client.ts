// A raw MCP client that negotiates the protocol version: it offers the newest version it
// speaks, carries on in whatever version the server answers if it speaks that one too, and
// hangs up cleanly if it does not.
// Run: node client.ts <order id> <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The protocol versions this client speaks, newest first. */
const SPEAKS = ['2025-11-25', '2025-06-18'];

const [orderId, command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Response {
  id: number;
  result?: { protocolVersion?: string; structuredContent?: unknown };
  error?: { code: number; message: string };
}

const waiting = new Map<number, (message: Response) => void>();
let nextId = 1;

// readline hands over whole lines, however the bytes were cut on the way.
createInterface({ input: server.stdout }).on('line', (line) => {
  const message = JSON.parse(line) as Response;
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
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

const offered = SPEAKS[0];
const init = await request('initialize', {
  protocolVersion: offered,
  capabilities: {},
  clientInfo: { name: 'negotiate', version: '1.0.0' },
});
const answered = init.result?.protocolVersion;

if (!answered || !SPEAKS.includes(answered)) {
  // Nothing more goes to this server: say why, close its stdin and fail.
  console.error(
    `negotiate: offered protocol version ${offered}, the server answered ${answered ?? 'nothing usable'}; this client speaks only ${SPEAKS.join(' and ')}, so it hangs up.`,
  );
  server.stdin.end();
  process.exitCode = 1;
} else {
  send({ method: 'notifications/initialized' });
  const call = await request('tools/call', {
    name: 'order_status',
    arguments: { order_id: orderId },
  });
  console.log(JSON.stringify(call.result?.structuredContent));
  server.stdin.end();
}
