// An order-status MCP server over stdio. It works, and it is chatty.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const orders = new Map([
  ['PT-1041', { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' }],
  [
    'PT-1042',
    { order_id: 'PT-1042', status: 'processing', carrier: 'Blue Dart', eta: '2026-08-09' },
  ],
]);

console.log('=== Paper Trail (exercise copy) v1.0 ===');
console.info(`loaded ${orders.size} orders`);

const server = new McpServer({ name: 'paper-trail-exercise', version: '1.0.0' });

server.registerTool(
  'order_status',
  {
    title: 'Order status',
    description: 'Look up the status, carrier and ETA of one order.',
    inputSchema: { order_id: z.string() },
    outputSchema: {
      order_id: z.string(),
      status: z.string(),
      carrier: z.string(),
      eta: z.string(),
    },
  },
  async ({ order_id }) => {
    console.debug(`order_status called for ${order_id}`);
    const order = orders.get(order_id);
    if (!order) throw new Error(`no such order: ${order_id}`);
    return { content: [{ type: 'text', text: JSON.stringify(order) }], structuredContent: order };
  },
);

await server.connect(new StdioServerTransport());
console.log(JSON.stringify({ level: 'info', msg: 'ready on stdio' }));
