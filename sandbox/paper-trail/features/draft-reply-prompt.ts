// draft_customer_reply: the prompt, with the facts of the order it is about.
import { paperTrailFeature } from '../feature.ts';
import { z } from 'zod';

export default paperTrailFeature({
  lesson: 'resources-and-prompts',
  flags: {},
  register: ({ server, live, findOrder }) => {
    server.registerPrompt(
      'draft_customer_reply',
      {
        title: 'Draft a customer reply',
        description: 'Ask the model to answer a customer who wants to know where their order is.',
        argsSchema: live?.orderArgs ?? { order_id: z.string().describe('Order id, e.g. PT-1041') },
      },
      ({ order_id }) => {
        const order = live ? live.find(order_id) : findOrder(order_id);
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
  },
});
