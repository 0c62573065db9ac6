// Read-only reference client, written with the SDK. It starts the server given on the
// command line and asks plan_route about two orders it makes up for this run.
// Run: node client.ts node server.ts
import { randomBytes, randomInt } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StdioClientTransport,
  getDefaultEnvironment,
} from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
// Made up for this run: a trace id for carrier-kit's helper and two order ids.
const trace = randomBytes(4).toString('hex');
const first = randomInt(1000, 5000);
const orders = [`PT-${first}`, `PT-${first + randomInt(1, 5000)}`];
console.log(`@@run ${JSON.stringify({ trace, orders })}`);

const client = new Client({ name: 'reference-client', version: '1.0.0' });
// The SDK reports here every line of the server's stdout it cannot read, then skips it.
client.onerror = (error) => console.error(`client: ${error.message}`);

await client.connect(
  new StdioClientTransport({
    command,
    args,
    env: { ...getDefaultEnvironment(), CARRIER_KIT_TRACE: trace },
    stderr: 'inherit',
  }),
  // A server that never answers initialize fails in 8 s instead of 60.
  { timeout: 8000 },
);
// Both calls at once: their requests may reach the server in one read, and its replies and
// carrier-kit's output for the two orders interleave on the way back.
const results = await Promise.allSettled(
  orders.map((order_id) =>
    // A reply that never comes fails after 4 s instead of the SDK's 60.
    client.callTool({ name: 'plan_route', arguments: { order_id } }, undefined, { timeout: 4000 }),
  ),
);
let failed = false;
for (const [i, result] of results.entries()) {
  if (result.status === 'fulfilled') {
    console.log(JSON.stringify(result.value.structuredContent ?? result.value.content));
  } else {
    failed = true;
    console.error(
      `client: plan_route for ${orders[i]} failed: ${(result.reason as Error).message}`,
    );
  }
}
await client.close();
process.exitCode = failed ? 1 : 0;
