// A raw MCP client for 2026-07-28: no SDK, no initialize, no session. Every request carries
// the protocol version, the client's capabilities and its name in params._meta.
// Run: node client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Result {
  resultType?: string;
  supportedVersions?: string[];
  structuredContent?: unknown;
  content?: { type: string; text?: string }[];
  inputRequests?: Record<string, { method: string; params?: unknown }>;
  requestState?: string;
}
interface Response {
  result?: Result;
  error?: { code: number; message: string };
}

// What lesson 2 sent once in initialize now travels with every request.
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  // cancel_order asks the user through an elicitation form, so the client says it can show one.
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'port-to-2026', version: '1.0.0' },
};

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

function request(method: string, params: object): Promise<Response> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const message = { jsonrpc: '2.0', id, method, params: { ...params, _meta: META } };
    server.stdin.write(JSON.stringify(message) + '\n');
  });
}

const discovered = await request('server/discover', {});
if (!discovered.result?.supportedVersions?.includes('2026-07-28')) {
  console.error('the server does not speak 2026-07-28:', JSON.stringify(discovered));
  server.stdin.end();
  process.exit(1);
}

const status = await request('tools/call', {
  name: 'order_status',
  arguments: { order_id: 'PT-1041' },
});
console.log(JSON.stringify(status.result?.structuredContent));

// The server may answer "input required" instead of a result: answer what it asks, then call
// again with the answers under the same keys and its requestState as it was.
const cancel = { name: 'cancel_order', arguments: { order_id: 'PT-1041' } };
let answer = await request('tools/call', cancel);
for (let round = 0; round < 3 && answer.result?.resultType === 'input_required'; round++) {
  const inputResponses: Record<string, unknown> = {};
  for (const key of Object.keys(answer.result.inputRequests ?? {})) {
    inputResponses[key] = { action: 'accept', content: { confirm: true } };
  }
  answer = await request('tools/call', {
    ...cancel,
    inputResponses,
    requestState: answer.result.requestState,
  });
}
console.log(answer.result?.content?.[0]?.text);
server.stdin.end();
