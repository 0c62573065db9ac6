// A streamable HTTP client with nothing but fetch: initialize, keep the session id, send
// notifications/initialized, call track_shipment with a progress token and read its SSE
// stream by hand, resume the stream with Last-Event-ID when the server drops it, then DELETE.
// Run: node client.ts http://127.0.0.1:PORT/mcp
import process from 'node:process';

const url = process.argv[2]!;
const VERSION = '2025-11-25';

let sessionId: string | undefined;
let lastEventId: string | undefined;
let retryMs = 0;

type Message = {
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

function headers(extra: Record<string, string>): Record<string, string> {
  if (sessionId === undefined) return extra;
  return { ...extra, 'mcp-session-id': sessionId, 'mcp-protocol-version': VERSION };
}

function post(message: object): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: headers({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    }),
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
}

// SSE by hand: bytes become text with one decoder for the whole stream (a chunk may end
// inside a character), text becomes lines, and a blank line ends an event. Comments start
// with ":", and an event's data may come in several data: lines, joined with "\n".
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data.push(value);
      else if (field === 'id') lastEventId = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
  }
}

/** Reads a response until the reply to `id`; other messages go to `onMessage`. */
async function replyTo(
  res: Response,
  id: number,
  onMessage: (m: Message) => void = () => {},
): Promise<Message | undefined> {
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  if (res.headers.get('content-type')?.startsWith('application/json')) {
    return (await res.json()) as Message;
  }
  for await (const data of events(res.body!)) {
    // The priming event has an id and no data worth parsing.
    if (data.trim() === '') continue;
    const message = JSON.parse(data) as Message;
    // Leaving the loop cancels the body: a resumed stream may stay open after the reply.
    if (message.id === id && message.method === undefined) return message;
    onMessage(message);
  }
  return undefined;
}

const init = await post({
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: VERSION,
    capabilities: {},
    clientInfo: { name: 'fetch-client', version: '1.0.0' },
  },
});
const newSession = init.headers.get('mcp-session-id');
if (newSession !== null) sessionId = newSession;
const welcome = await replyTo(init, 1);
if (!welcome?.result) throw new Error(`initialize failed: ${JSON.stringify(welcome)}`);

const initialized = await post({ method: 'notifications/initialized' });
if (initialized.status !== 202) throw new Error(`initialized: HTTP ${initialized.status}`);

const printProgress = (m: Message) => {
  if (m.method === 'notifications/progress' && m.params?.progressToken === 'track-1') {
    console.log(m.params.message);
  }
};
let reply = await replyTo(
  await post({
    id: 2,
    method: 'tools/call',
    params: {
      name: 'track_shipment',
      arguments: { order_id: 'PT-1041' },
      _meta: { progressToken: 'track-1' },
    },
  }),
  2,
  printProgress,
);
// The stream ended without the reply: wait as long as retry: asked, then resume it.
for (let attempt = 0; reply === undefined && attempt < 5; attempt++) {
  await new Promise((resolve) => setTimeout(resolve, retryMs));
  const resumed = await fetch(url, {
    method: 'GET',
    headers: headers({ accept: 'text/event-stream', 'last-event-id': lastEventId ?? '' }),
  });
  reply = await replyTo(resumed, 2, printProgress);
}
const content = reply?.result?.content as { type: string; text: string }[] | undefined;
console.log(content?.[0]?.text);

await fetch(url, { method: 'DELETE', headers: headers({}) });
