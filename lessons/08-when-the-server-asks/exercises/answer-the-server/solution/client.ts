// Answer the server: declare elicitation, ask to cancel PT-1041 (the user says yes) and then
// PT-1017 (the user declines), answer the server's questions in between, print each result.
// No SDK. Run: node client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Message {
  id?: number | string;
  method?: string;
  params?: { message?: string };
  result?: { content?: { text?: string }[] };
}

// What the user chose for each order, asked in this order.
const plan = [
  { orderId: 'PT-1041', answer: { action: 'accept', content: { confirm: true } } },
  { orderId: 'PT-1017', answer: { action: 'decline' } },
];
let step = -1;
let nextId = 2;
let callId = 0;

function send(message: object): void {
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

function callNext(): void {
  step += 1;
  if (step === plan.length) {
    server.stdin.end();
    return;
  }
  callId = nextId++;
  send({
    id: callId,
    method: 'tools/call',
    params: { name: 'cancel_order', arguments: { order_id: plan[step]!.orderId } },
  });
}

// readline hands over whole lines, however the bytes were cut on the way.
createInterface({ input: server.stdout }).on('line', (line) => {
  const message = JSON.parse(line) as Message;
  if (message.method !== undefined && message.id !== undefined) {
    // A request from the server: answer it with its own id, exactly as it came.
    if (message.method === 'elicitation/create') {
      send({ id: message.id, result: plan[step]!.answer });
    } else {
      send({ id: message.id, error: { code: -32601, message: 'Method not found' } });
    }
    return;
  }
  if (message.id === 1) {
    send({ method: 'notifications/initialized' });
    callNext();
    return;
  }
  if (message.id === callId) {
    console.log(message.result?.content?.[0]?.text);
    callNext();
  }
});

send({
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: {} },
    clientInfo: { name: 'answer-the-server', version: '1.0.0' },
  },
});
