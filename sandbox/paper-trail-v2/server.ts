// Paper Trail built on the v2 SDK packages (@modelcontextprotocol/server 2.4.0), the build
// lesson 11 captures: the same orders (../paper-trail/orders.ts) and tool names as the v1
// server, plus cancel_order, which asks the user to confirm. One factory serves both
// revisions: the serving entry (stdio.ts, http.ts) decides per connection or per request
// whether a 2025-11-25 or a 2026-07-28 instance answers.
import {
  McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
  acceptedContent,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { seeded } from '../input/seed.ts';
import { orderBook, trackingSteps, undelivered, type OrderRecord } from '../paper-trail/orders.ts';

export const SERVER_INFO_V2 = { name: 'paper-trail-v2', version: '2.0.0' } as const;

export interface PaperTrailV2Options {
  /** A check run's seed: this run's variation of the orders, as in the v1 server. */
  seed?: number;
  /** Pause between track_shipment progress steps. */
  stepDelayMs?: number;
  /**
   * No order is delivered yet (a delivered one reads as shipped), so cancel_order always
   * asks: a check that judges how a client answers the question needs it asked on every
   * run, whatever the seed drew.
   */
  undelivered?: boolean;
  /** --input-key: the inputRequests key cancel_order asks under (default "confirm"). */
  inputKey?: string;
}

const orderInput = z.object({ order_id: z.string().describe('Order id, e.g. PT-1041') });
const confirmation = z.object({
  confirm: z.boolean().describe('Yes to cancel the order, no to keep it'),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A fresh server instance; serveStdio and createMcpHandler call this once per connection/request. */
export function createPaperTrailV2(options: PaperTrailV2Options = {}): McpServer {
  const book = orderBook(options.seed);
  const orders = options.undelivered ? undelivered(book) : book;
  // requestState is opaque to the client: with a seed it differs from run to run, so only a
  // client that sends back what it was given gets it right.
  const stateOf = (orderId: string): string =>
    options.seed === undefined
      ? `cancel:${orderId}`
      : `cancel:${orderId}:${Math.floor(seeded(options.seed, 7) * 0xffffff).toString(16)}`;
  const stepDelayMs = options.stepDelayMs ?? 20;
  // The key is the server's to choose; a client answers under the one it was asked.
  const key = options.inputKey ?? 'confirm';
  const find = (orderId: string): OrderRecord | undefined =>
    orders.find((order) => order.order_id === orderId);
  const requireOrder = (orderId: string): OrderRecord => {
    const order = find(orderId);
    // As in v1: a thrown Error is a failed tool (isError result), not a protocol error.
    if (!order) throw new Error(`no such order: ${orderId}`);
    return order;
  };

  const server = new McpServer(SERVER_INFO_V2, {
    instructions: 'Paper Trail looks up orders by id (for example PT-1041).',
  });

  server.registerTool(
    'order_status',
    {
      title: 'Order status',
      description: 'Look up the status, carrier and ETA of one order.',
      inputSchema: orderInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ order_id }) => {
      const order = requireOrder(order_id);
      return { ...text(JSON.stringify(order)), structuredContent: { ...order } };
    },
  );

  server.registerTool(
    'track_shipment',
    {
      title: 'Track shipment',
      description: 'Follow an order through its carrier scans, reporting progress as it goes.',
      inputSchema: orderInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ order_id }, ctx) => {
      const order = requireOrder(order_id);
      const steps = trackingSteps(order);
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (const [index, message] of steps.entries()) {
        await sleep(stepDelayMs);
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: index + 1, total: steps.length, message },
          });
        }
      }
      await sleep(stepDelayMs);
      return text(
        `${order.order_id}: ${order.status} with ${order.carrier}, ETA ${order.eta} (${steps.length} scans)`,
      );
    },
  );

  server.registerTool(
    'cancel_order',
    {
      title: 'Cancel order',
      description: 'Cancel an order that has not been delivered; asks the user to confirm first.',
      inputSchema: orderInput,
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
    async ({ order_id }, ctx) => {
      const order = requireOrder(order_id);
      if (order.status === 'delivered') {
        throw new Error(`${order_id} is already delivered and cannot be cancelled`);
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, key);
      if (answer.kind === 'elicit' && answer.action !== 'accept') {
        return text(`${order_id} was not cancelled (the user chose ${answer.action})`);
      }
      const confirmed = acceptedContent(ctx.mcpReq.inputResponses, key, confirmation);
      if (confirmed === undefined) {
        // 2026-07-28: an input-required result, and the client retries with inputResponses.
        // On a 2025-11-25 connection the SDK turns this into an elicitation/create request.
        return inputRequired({
          inputRequests: {
            [key]: inputRequired.elicit({
              message: `Cancel order ${order_id} (${order.status} with ${order.carrier})?`,
              requestedSchema: confirmation,
            }),
          },
          requestState: stateOf(order_id),
        });
      }
      if (!confirmed.confirm) return text(`${order_id} was not cancelled (the user said no)`);
      return text(`${order_id} is cancelled`);
    },
  );

  server.registerResource(
    'order',
    new ResourceTemplate('orders://{order_id}', {
      list: async () => ({
        resources: orders.map((order) => ({
          uri: `orders://${order.order_id}`,
          name: `order-${order.order_id}`,
          title: `Order ${order.order_id}`,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'An order by id', mimeType: 'application/json' },
    async (uri, variables) => {
      const order = find(String(variables.order_id));
      if (!order) throw new ResourceNotFoundError(uri.href);
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(order) }],
      };
    },
  );

  return server;
}
