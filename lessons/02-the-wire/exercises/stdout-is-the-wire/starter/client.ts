// Read-only reference client, written with the SDK. It starts the server given on the
// command line, calls order_status twice and prints what it got.
// Run: node client.ts node server.ts
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'reference-client', version: '1.0.0' });
// The SDK reports lines it cannot parse here, then carries on.
client.onerror = (error) => console.error(`client: ${error.message}`);

await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
const { tools } = await client.listTools();
console.log(JSON.stringify({ tools: tools.map((t) => t.name) }));
const found = await client.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } });
console.log(JSON.stringify(found.structuredContent ?? found.content));
const missing = await client.callTool({ name: 'order_status', arguments: { order_id: 'PT-9999' } });
console.log(JSON.stringify({ isError: missing.isError === true }));
await client.close();
