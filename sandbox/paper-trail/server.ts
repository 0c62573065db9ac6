// The Paper Trail MCP server itself, independent of any transport: main.ts connects it to
// stdio or streamable HTTP, tests and the harness can connect it in-process.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { deliveredOne, orderBook, undelivered } from './orders.ts';
import type { OrderRecord } from './orders.ts';
import { registerCarrierResource, type CarrierAccount } from './carrier.ts';
import { acceptOnlyVersions, answerFutureVersion, logLine } from './handshake.ts';
import { READS_ONE_ORDER } from './tools/annotations.ts';
import { buggyStructured } from './tools/buggy-output.ts';
import { registerShippingLabel } from './tools/shipping-label.ts';
import { sendOutputUnchecked } from './tools/unchecked-output.ts';
import { registerLiveResources } from './resources/live.ts';
import { registerMaintenance } from './tools/maintenance.ts';
import { registerTrackShipment } from './tools/track-shipment.ts';
import { carrierCache } from './chatty.ts';
import { registerAsks } from './tools/asks.ts';

export const SERVER_INFO = { name: 'paper-trail', version: '1.0.0' } as const;

export interface PaperTrailOptions {
  /** Pause between track_shipment progress steps (--scan-ms); small so sessions stay quick. */
  stepDelayMs?: number;
  /** --pace: whether track_shipment rushes after its second scan (default: drawn, or paced). */
  pace?: 'rushed' | 'paced';
  /** --second-scan-ms: track_shipment's pause before its second scan, whatever the plan says. */
  secondScanMs?: number;
  /** --repeat-status, with live: one update of the watched order keeps its status. */
  repeatStatus?: boolean;
  /** A check run's seed: serve this run's variation of the orders (orders.ts), not the fixed ones. */
  seed?: number;
  /** What the server's environment said about the carrier key (carrier.ts); none: not set. */
  carrier?: CarrierAccount;
  /** Where the carrier resource logs its warning; main.ts passes stderr. */
  log?: (line: string) => void;
  /** Protocol versions accepted in initialize (--versions); all the SDK's when absent. */
  versions?: readonly string[];
  /** Answer every initialize with this version, one the SDK does not speak (--future-version). */
  futureVersion?: string;
  /** Declare the logging capability and log tool calls as notifications/message (--logging). */
  logging?: boolean;
  /** order_status's structured output breaks its outputSchema (tools/buggy-output.ts). */
  buggyOutput?: boolean;
  /** order_status's broken structured output reaches the wire (tools/unchecked-output.ts). */
  uncheckedOutput?: boolean;
  /** --live: resources from a template over a larger catalog, pages, subscriptions, completions. */
  live?: boolean;
  /** --chatty: the first order_status warms a noisy dependency's cache first (chatty.ts). */
  chatty?: boolean;
  /** With live: pause between two status changes of a watched order. */
  statusStepMs?: number;
  /** --maintenance: a set_maintenance tool that takes track_shipment off the list and back. */
  maintenance?: boolean;
  /** HTTP --drop-after: track_shipment ends its SSE stream after this many progress events. */
  dropAfter?: number;
  /** --asks: tools that ask the client mid-call (elicitation, sampling, roots, ping; tools/asks.ts). */
  asks?: boolean;
  /** --undelivered: no order delivered yet, so cancel_order always asks (orders.ts). */
  undelivered?: boolean;
  /** --delivered: this order is delivered, so cancel_order refuses it without asking. */
  delivered?: string;
}

const orderShape = {
  order_id: z.string().describe('Order id, e.g. PT-1041'),
};

const orderRecordShape = {
  order_id: z.string(),
  status: z.enum(['processing', 'shipped', 'delivered']),
  carrier: z.string(),
  eta: z.string().describe('Expected delivery date, YYYY-MM-DD'),
};

function requireOrder(orders: readonly OrderRecord[], orderId: string): OrderRecord {
  const order = findIn(orders, orderId);
  // A thrown Error becomes an isError result: the protocol exchange succeeds, the tool fails.
  if (!order) throw new Error(`no such order: ${orderId}`);
  return order;
}

function findIn(orders: readonly OrderRecord[], orderId: string): OrderRecord | undefined {
  const found = orders.find((order) => order.order_id === orderId);
  return found ? { ...found } : undefined;
}

export function createPaperTrailServer(options: PaperTrailOptions = {}): McpServer {
  const stepDelayMs = options.stepDelayMs ?? 20;
  const book = orderBook(options.seed);
  const open = options.undelivered ? undelivered(book) : book;
  const orders = options.delivered ? deliveredOne(open, options.delivered) : open;
  const server = new McpServer(SERVER_INFO, {
    instructions: 'Paper Trail looks up orders by id (for example PT-1041).',
    ...(options.logging && { capabilities: { logging: {} } }),
  });
  if (options.versions) acceptOnlyVersions(server, options.versions);
  if (options.futureVersion) answerFutureVersion(server, options.futureVersion);
  const cache = options.chatty ? carrierCache() : undefined;

  server.registerTool(
    'order_status',
    {
      title: 'Order status',
      description: 'Look up the status, carrier and ETA of one order.',
      inputSchema: orderShape,
      outputSchema: orderRecordShape,
      annotations: READS_ONE_ORDER,
    },
    async ({ order_id }, extra) => {
      await logLine(server, extra, 'debug', `order_status: looking up ${order_id}`);
      await cache?.warm();
      const order = requireOrder(orders, order_id);
      await logLine(server, extra, 'info', `order_status: ${order_id} is ${order.status}`);
      return {
        content: [{ type: 'text', text: JSON.stringify(order) }],
        structuredContent: options.buggyOutput ? buggyStructured(order) : { ...order },
      };
    },
  );

  const tracking = registerTrackShipment(server, {
    seed: options.seed,
    stepDelayMs,
    pace: options.pace,
    secondScanMs: options.secondScanMs,
    requireOrder: (orderId) => requireOrder(orders, orderId),
    dropAfter: options.dropAfter,
  });
  if (options.maintenance) registerMaintenance(server, tracking);

  if (options.asks) {
    const log = options.log ?? (() => {});
    registerAsks(server, { requireOrder: (id) => requireOrder(orders, id), orders, log });
  }

  registerShippingLabel(server, (orderId) => requireOrder(orders, orderId));
  if (options.uncheckedOutput) sendOutputUnchecked(server);

  const live = options.live
    ? registerLiveResources(server, {
        seed: options.seed,
        statusStepMs: options.statusStepMs,
        repeatStatus: options.repeatStatus,
      })
    : undefined;
  // One fixed resource per order, so an unknown URI gets the SDK's own "not found" answer.
  for (const order of live ? [] : orders) {
    server.registerResource(
      `order-${order.order_id}`,
      `orders://${order.order_id}`,
      { title: `Order ${order.order_id}`, mimeType: 'application/json' },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(order) }],
      }),
    );
  }

  registerCarrierResource(server, options.carrier ?? { keySeen: false }, options.log ?? (() => {}));

  server.registerPrompt(
    'draft_customer_reply',
    {
      title: 'Draft a customer reply',
      description: 'Ask the model to answer a customer who wants to know where their order is.',
      argsSchema: live?.orderArgs ?? orderShape,
    },
    ({ order_id }) => {
      const order = live ? live.find(order_id) : findIn(orders, order_id);
      const facts = order ? JSON.stringify(order) : `no order ${order_id} exists`;
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `A customer asks where order ${order_id} is. Facts: ${facts}. Draft a short, friendly reply.`,
            },
          },
        ],
      };
    },
  );

  return server;
}
