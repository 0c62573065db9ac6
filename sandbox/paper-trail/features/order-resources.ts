// One fixed resource per order, so that an unknown URI gets the SDK's own "not found" answer.
// With --live the template in live.ts serves orders instead.
import { paperTrailFeature } from '../feature.ts';

export default paperTrailFeature({
  lesson: 'resources-and-prompts',
  flags: {},
  register: ({ server, orders, live }) => {
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
  },
});
