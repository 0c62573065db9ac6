// shipping_label: the tool that answers with more than text. One call returns four content
// blocks: a sentence of text, the label as a PNG image (drawn in code, png.ts), a
// resource_link to the order's resource (orders://ID, readable with resources/read) and the
// label's printable text as an embedded resource.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { OrderRecord } from '../orders.ts';
import { READS_ONE_ORDER } from './annotations.ts';
import { labelPng } from './png.ts';

export function registerShippingLabel(
  server: McpServer,
  findOrder: (orderId: string) => OrderRecord,
): void {
  server.registerTool(
    'shipping_label',
    {
      title: 'Shipping label',
      description: 'Draw the shipping label of one order, with a link to the order itself.',
      inputSchema: { order_id: z.string().describe('Order id, e.g. PT-1041') },
      annotations: READS_ONE_ORDER,
    },
    async ({ order_id }) => {
      const order = findOrder(order_id);
      const printable = `${order.order_id} / ${order.carrier} / ETA ${order.eta}`;
      return {
        content: [
          { type: 'text', text: `Shipping label for ${order.order_id} (${order.carrier})` },
          {
            type: 'image',
            data: labelPng(order.order_id).toString('base64'),
            mimeType: 'image/png',
          },
          {
            type: 'resource_link',
            uri: `orders://${order.order_id}`,
            name: `order-${order.order_id}`,
            title: `Order ${order.order_id}`,
            mimeType: 'application/json',
          },
          {
            type: 'resource',
            resource: {
              uri: `labels://${order.order_id}`,
              mimeType: 'text/plain',
              text: printable,
            },
          },
        ],
      };
    },
  );
}
