// Read-only: a route-planning MCP server over stdio. Its one tool tells which hub an order
// goes through, once carrier-kit has the route ready. Its own logs already go to stderr.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { prepareRoute, startCarrierKit } from './carrier-kit.ts';
import { hubFor } from './hubs.ts';

startCarrierKit();

const server = new McpServer({ name: 'route-planner', version: '1.0.0' });

server.registerTool(
  'plan_route',
  {
    title: 'Plan route',
    description: 'Which hub an order goes through on its way to the customer.',
    inputSchema: { order_id: z.string() },
    outputSchema: { order_id: z.string(), hub: z.string() },
  },
  async ({ order_id }) => {
    await prepareRoute(order_id);
    const route = { order_id, hub: hubFor(order_id) };
    return { content: [{ type: 'text', text: JSON.stringify(route) }], structuredContent: route };
  },
);

await server.connect(new StdioServerTransport());
console.error('route-planner: speaking MCP on stdio');
