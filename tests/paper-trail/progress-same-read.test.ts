// What track_shipment's last pause is for (tools/track-shipment.ts): the SDK 1.32.2 client
// handles a notification a microtask after reading it, but a response at once, and the
// response removes the call's progress handler. So progress that reaches the client in the
// same read as the response is dropped. A one-line stand-in server writes the last progress
// notification and the result in one write, which a pipe delivers as one read.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// The stand-in answers initialize, then answers one tools/call with two progress steps in
// separate writes (a pause between them) and a third glued to the result in a single write.
const SERVER = String.raw`
const rl = require('node:readline').createInterface({ input: process.stdin });
const line = (m) => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
rl.on('line', (text) => {
  const m = JSON.parse(text);
  if (m.method === 'initialize') {
    process.stdout.write(line({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'glued', version: '1' } } }));
  } else if (m.method === 'tools/call') {
    const token = m.params._meta.progressToken;
    const step = (n) => line({ method: 'notifications/progress', params: { progressToken: token, progress: n, total: 3 } });
    process.stdout.write(step(1));
    setTimeout(() => process.stdout.write(step(2)), 100);
    setTimeout(() => process.stdout.write(step(3) + line({ id: m.id, result: { content: [] } })), 200);
  }
});
`;

describe('SDK 1.32.2 client and progress in the same read as the response', () => {
  it('reports the steps that came alone and drops the one that shared a read with the result', async () => {
    const client = new Client({ name: 'same-read', version: '1.0.0' });
    const errors: string[] = [];
    client.onerror = (error) => errors.push(error.message);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: ['-e', SERVER] }),
    );
    try {
      const seen: number[] = [];
      await client.callTool({ name: 'anything', arguments: {} }, undefined, {
        onprogress: (p) => seen.push(p.progress),
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([1, 2]);
      expect(errors.join('\n')).toMatch(/Received a progress notification for an unknown token/);
    } finally {
      await client.close();
    }
  });
});
