// --asks: tools that ask the client something mid-call (form and URL elicitation, sampling,
// roots, ping), and the two flags that decide whether cancel_order has anything to ask.
import { z } from 'zod';
import { aSwitch, paperTrailFeature } from '../feature.ts';
import { deliveredOne, undelivered } from '../orders.ts';
import { registerAsks } from '../tools/asks.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Tools that ask the client mid-call (elicitation, sampling, roots, ping; tools/asks.ts). */
    asks?: boolean;
    /** No order delivered yet, so cancel_order always asks (orders.ts). */
    undelivered?: boolean;
    /** This order is delivered, so cancel_order refuses it without asking. */
    delivered?: string;
  }
}

export default paperTrailFeature({
  lesson: 'when-the-server-asks',
  flags: {
    asks: aSwitch(),
    undelivered: aSwitch(),
    delivered: z
      .string({ error: '--delivered needs an order id, e.g. --delivered PT-1041' })
      .regex(/^PT-\d{4}$/, { error: '--delivered needs an order id such as PT-1041' })
      .optional(),
  },
  synopsis: '[--asks [--undelivered] [--delivered <id>]]',
  help: [
    [
      '--asks',
      'add the tools that ask the client something mid-call: cancel_order',
      '(form elicitation), summarise_order (sampling), export_orders',
      '(roots), book_pickup (URL elicitation, -32042), ping_client',
      '(lesson 8)',
    ],
    [
      '--undelivered',
      'with --asks: no order is delivered yet, so cancel_order always',
      'asks (a check run keeps its other per-run data)',
    ],
    [
      '--delivered <id>',
      "with --asks: this order is delivered whatever the run's data, so",
      'cancel_order refuses it at once and asks nothing about it',
    ],
  ],
  rules: [
    {
      holds: (o) => Boolean(o.asks) || !o.undelivered,
      error:
        '--undelivered only makes sense together with --asks: it is there so cancel_order asks',
    },
    {
      holds: (o) => Boolean(o.asks) || o.delivered === undefined,
      error:
        '--delivered only makes sense together with --asks: it decides whether cancel_order asks',
    },
  ],
  options: (o) => ({
    ...(o.asks && { asks: true }),
    ...(o.undelivered && { undelivered: true }),
    ...(o.delivered !== undefined && { delivered: o.delivered }),
  }),
  orders: (orders, options) => {
    const open = options.undelivered ? undelivered(orders) : orders;
    return options.delivered ? deliveredOne(open, options.delivered) : open;
  },
  register: ({ server, options, orders, requireOrder, log }) => {
    if (options.asks) registerAsks(server, { requireOrder, orders, log });
  },
});
