// Watch an order: subscribe to the newest order Paper Trail lists, re-read it on each update
// for its uri, print every new status, and stop once it is delivered. No SDK.
// Run: node client.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

interface Message {
  id?: number;
  method?: string;
  params?: { uri?: string };
  result?: {
    resources?: { uri: string }[];
    contents?: { uri: string; text?: string }[];
  };
  error?: { code: number; message: string };
}

const waiting = new Map<number, (message: Message) => void>();
const onUpdate: ((uri: string) => void)[] = [];
let nextId = 1;

// readline hands over whole lines, however the bytes were cut on the way.
createInterface({ input: server.stdout }).on('line', (line) => {
  const message = JSON.parse(line) as Message;
  if (message.id !== undefined && waiting.has(message.id)) {
    waiting.get(message.id)!(message);
    waiting.delete(message.id);
  } else if (message.method === 'notifications/resources/updated' && message.params?.uri) {
    for (const handler of onUpdate) handler(message.params.uri);
  }
});

function send(message: object): void {
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
}

function request(method: string, params: object): Promise<Message> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    send({ id, method, params });
  });
}

await request('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'watch-an-order', version: '1.0.0' },
});
send({ method: 'notifications/initialized' });

// The newest order is the first one listed; it differs from run to run.
const listed = await request('resources/list', {});
const uri = listed.result!.resources![0]!.uri;

let last = '';
async function readStatus(): Promise<string> {
  const read = await request('resources/read', { uri });
  const status = (JSON.parse(read.result!.contents![0]!.text!) as { status: string }).status;
  if (status !== last) console.log(status);
  last = status;
  return status;
}

const delivered = new Promise<void>((resolve) => {
  // Updates are handled one at a time, so the statuses print in the order they were read.
  let chain = Promise.resolve();
  onUpdate.push((updated) => {
    if (updated !== uri) return; // an update about some other resource: not ours
    chain = chain.then(async () => {
      if ((await readStatus()) === 'delivered') resolve();
    });
  });
});

await request('resources/subscribe', { uri });
if ((await readStatus()) !== 'delivered') await delivered;

await request('resources/unsubscribe', { uri });
server.stdin.end();
