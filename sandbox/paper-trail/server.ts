// The Paper Trail MCP server itself, independent of any transport: main.ts connects it to
// stdio or streamable HTTP, tests and the harness can connect it in-process. What it serves
// is its features (features/index.ts), registered in the list's order.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperTrailFeature, ServerContext } from './feature.ts';
import { FEATURES } from './features/index.ts';
import type { PaperTrailOptions } from './options.ts';
import { orderBook, type OrderRecord } from './orders.ts';

export type { PaperTrailOptions } from './options.ts';

export const SERVER_INFO = { name: 'paper-trail', version: '1.0.0' } as const;

/** A server with these options; `features` is Paper Trail's own list unless a test adds one. */
export function createPaperTrailServer(
  options: PaperTrailOptions = {},
  features: readonly PaperTrailFeature[] = FEATURES,
): McpServer {
  const orders = features.reduce(
    (book, feature) => feature.orders?.(book, options) ?? book,
    orderBook(options.seed),
  );
  const capabilities = Object.assign(
    {},
    ...features.map((feature) => feature.capabilities?.(options) ?? {}),
  );
  const server = new McpServer(SERVER_INFO, {
    instructions: 'Paper Trail looks up orders by id (for example PT-1041).',
    ...(Object.keys(capabilities).length > 0 && { capabilities }),
  });
  const findOrder = (orderId: string) => findIn(orders, orderId);
  const context: ServerContext = {
    server,
    options,
    orders,
    findOrder,
    requireOrder: (orderId) => {
      const order = findOrder(orderId);
      // A thrown Error becomes an isError result: the protocol exchange succeeds, the tool fails.
      if (!order) throw new Error(`no such order: ${orderId}`);
      return order;
    },
    log: options.log ?? (() => {}),
  };
  for (const feature of features) feature.register?.(context);
  return server;
}

function findIn(orders: readonly OrderRecord[], orderId: string): OrderRecord | undefined {
  const found = orders.find((order) => order.order_id === orderId);
  return found ? { ...found } : undefined;
}
