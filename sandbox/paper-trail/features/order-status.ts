// order_status: the tool every lesson calls first. It looks up one order; an unknown id is an
// isError result, not a JSON-RPC error. --logging, --buggy-output and --chatty change what it
// does, so it reads their options.
import { z } from 'zod';
import { carrierCache } from '../chatty.ts';
import { paperTrailFeature } from '../feature.ts';
import { logLine } from '../handshake.ts';
import { READS_ONE_ORDER } from '../tools/annotations.ts';
import { buggyStructured } from '../tools/buggy-output.ts';

const orderRecordShape = {
  order_id: z.string(),
  status: z.enum(['processing', 'shipped', 'delivered']),
  carrier: z.string(),
  eta: z.string().describe('Expected delivery date, YYYY-MM-DD'),
};

export default paperTrailFeature({
  lesson: 'hosts-clients-servers',
  flags: {},
  register: ({ server, options, requireOrder }) => {
    const cache = options.chatty ? carrierCache() : undefined;
    server.registerTool(
      'order_status',
      {
        title: 'Order status',
        description: 'Look up the status, carrier and ETA of one order.',
        inputSchema: { order_id: z.string().describe('Order id, e.g. PT-1041') },
        outputSchema: orderRecordShape,
        annotations: READS_ONE_ORDER,
      },
      async ({ order_id }, extra) => {
        await logLine(server, extra, 'debug', `order_status: looking up ${order_id}`);
        await cache?.warm();
        const order = requireOrder(order_id);
        await logLine(server, extra, 'info', `order_status: ${order_id} is ${order.status}`);
        return {
          content: [{ type: 'text', text: JSON.stringify(order) }],
          structuredContent: options.buggyOutput ? buggyStructured(order) : { ...order },
        };
      },
    );
  },
});
