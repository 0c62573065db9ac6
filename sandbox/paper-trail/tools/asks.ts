// --asks: the tools that make Paper Trail ask the client something in the middle of a call
// (lesson 8). Each one sends a server→client request tied to the tools/call that caused it
// (relatedRequestId), so over streamable HTTP the request rides in that POST's SSE stream.
//
//   cancel_order    form elicitation: "Cancel PT-1041?" with a flat schema {confirm: boolean}.
//                   Which orders may be cancelled is the run's order data (orders.ts): a
//                   delivered one is refused before anything is asked, so a check run with a
//                   seed decides per run whether the server asks at all.
//   summarise_order sampling/createMessage: the client's model summarises the scan history.
//   export_orders   roots/list: the CSV is meant for the client's first file root; the server
//                   re-lists when the client sends notifications/roots/list_changed.
//   book_pickup     URL elicitation: "sign in to the carrier" as error -32042 with
//                   data.elicitations; the sign-in completes a moment later
//                   (notifications/elicitation/complete), and the next call books.
//   ping_client     a ping from the server to the client.
//
// Paper Trail v2 (../../paper-trail-v2/server.ts) has a cancel_order of the same name, input
// and confirmation field, asking by an input-required result instead: lesson 11 sets the two
// side by side.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  EmptyResultSchema,
  RootsListChangedNotificationSchema,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { trackingSteps, type OrderRecord } from '../orders.ts';

export interface AsksOptions {
  /** The run's orders (orders.ts orderBook), looked up or refused with "no such order". */
  requireOrder: (orderId: string) => OrderRecord;
  /** Every order, for the export. */
  orders: readonly OrderRecord[];
  /** Where a line about a re-listing of roots goes (stderr in main.ts). */
  log: (line: string) => void;
  /** How long the pretend sign-in at the carrier takes before it completes. */
  signInMs?: number;
}

const orderInput = { order_id: z.string().describe('Order id, e.g. PT-1041') };
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/**
 * The form cancel_order asks for: a flat object of primitive fields, as form elicitation
 * allows. Same field as Paper Trail v2's confirmation, written as JSON Schema by hand.
 */
export const CANCEL_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: {
      type: 'boolean' as const,
      title: 'Cancel the order',
      description: 'Yes to cancel the order, no to keep it',
    },
  },
  required: ['confirm'],
};

/** Why an order may not be cancelled, or undefined when it may. */
export function cancelRefusal(order: OrderRecord): string | undefined {
  return order.status === 'delivered'
    ? `${order.order_id} was delivered by ${order.carrier} and cannot be cancelled`
    : undefined;
}

/** The result texts of cancel_order: each names the run's status and carrier. */
export const cancelOutcome = {
  cancelled: (o: OrderRecord) =>
    `${o.order_id} is cancelled (it was ${o.status} with ${o.carrier})`,
  kept: (o: OrderRecord, why: string) =>
    `${o.order_id} stays ${o.status} with ${o.carrier}: not cancelled (${why})`,
};

export const CARRIER_SIGN_IN = 'https://carrier.example/sign-in';

export function registerAsks(server: McpServer, options: AsksOptions): void {
  const { requireOrder, log } = options;
  const low = server.server;
  // Orders cancelled in this session: asking twice about the same order would be a lie.
  const cancelled = new Set<string>();

  server.registerTool(
    'cancel_order',
    {
      title: 'Cancel order',
      description:
        'Cancel an order that has not been delivered; asks the user to confirm first (form elicitation).',
      inputSchema: orderInput,
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
    async ({ order_id }, extra) => {
      const order = requireOrder(order_id);
      const refusal = cancelled.has(order_id)
        ? `${order_id} is already cancelled`
        : cancelRefusal(order);
      // A thrown Error is a failed tool (isError result), as for an unknown order.
      if (refusal) throw new Error(refusal);
      // elicitInput, not extra.sendRequest: it checks the client declared form elicitation
      // and validates accepted content against the schema (SDK 1.32.2 server/index.js).
      const answer = await low.elicitInput(
        {
          mode: 'form',
          message: `Cancel order ${order_id}? It is ${order.status} with ${order.carrier}.`,
          requestedSchema: CANCEL_SCHEMA,
        },
        { relatedRequestId: extra.requestId },
      );
      if (answer.action !== 'accept') {
        return text(cancelOutcome.kept(order, `the user chose ${answer.action}`));
      }
      if (answer.content?.confirm !== true) {
        return text(cancelOutcome.kept(order, 'the user said no'));
      }
      cancelled.add(order_id);
      return text(cancelOutcome.cancelled(order));
    },
  );

  server.registerTool(
    'summarise_order',
    {
      title: 'Summarise order',
      description:
        "Ask the client's model (sampling) to summarise an order's scan history in one sentence.",
      inputSchema: orderInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ order_id }, extra) => {
      const order = requireOrder(order_id);
      // No capability check here on purpose: what SDK 1.32.2 does for a client that did not
      // declare sampling is what lesson 8 shows (it sends the request anyway).
      const reply = await low.createMessage(
        {
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Summarise this order's history in one sentence:\n${trackingSteps(order).join('\n')}`,
              },
            },
          ],
          systemPrompt: 'You write one-sentence shipping summaries for customers.',
          maxTokens: 80,
        },
        { relatedRequestId: extra.requestId },
      );
      const said = reply.content.type === 'text' ? reply.content.text : `(${reply.content.type})`;
      return text(`${order_id}, summarised by ${reply.model}: ${said}`);
    },
  );

  // Roots the client last listed; undefined until asked, and again after list_changed.
  let roots: Root[] | undefined;
  const listRoots = async (relatedRequestId?: string | number) => {
    const listed = await low.listRoots(
      undefined,
      relatedRequestId === undefined ? undefined : { relatedRequestId },
    );
    roots = listed.roots;
    return roots;
  };
  low.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    roots = undefined;
    // Re-list at once, so the next export already knows where to go.
    try {
      const now = await listRoots();
      log(`paper-trail: the client's roots changed: ${now.map((r) => r.uri).join(', ')}`);
    } catch (error) {
      log(`paper-trail: could not re-list roots: ${(error as Error).message}`);
    }
  });

  server.registerTool(
    'export_orders',
    {
      title: 'Export orders',
      description:
        "Export every order as CSV, addressed to a file inside the client's first root (roots/list).",
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, extra) => {
      if (!low.getClientCapabilities()?.roots) {
        throw new Error('export_orders needs a client that shares its roots (capability roots)');
      }
      const known = roots ?? (await listRoots(extra.requestId));
      const root = known.find((r) => r.uri.startsWith('file://'));
      if (!root) throw new Error('the client shared no file:// root to export into');
      const csv = [
        'order_id,status,carrier,eta',
        ...options.orders.map((o) => [o.order_id, o.status, o.carrier, o.eta].join(',')),
      ].join('\n');
      const path = `${root.uri.replace(/\/$/, '')}/paper-trail-orders.csv`;
      return text(`for ${path}${root.name ? ` (root "${root.name}")` : ''}:\n${csv}`);
    },
  );

  const signedIn = new Set<string>();
  server.registerTool(
    'book_pickup',
    {
      title: 'Book pickup',
      description:
        "Book a carrier pickup to return an order; the first time, the user must sign in on the carrier's site (URL elicitation).",
      inputSchema: orderInput,
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async ({ order_id }) => {
      const order = requireOrder(order_id);
      if (signedIn.has(order.carrier)) {
        return text(`pickup booked for ${order_id} with ${order.carrier}`);
      }
      if (!low.getClientCapabilities()?.elicitation?.url) {
        throw new Error(
          `book_pickup needs you signed in to ${order.carrier}, and this client cannot open a URL for that (elicitation.url)`,
        );
      }
      const elicitationId = `sign-in-${order_id}`;
      // The "user" finishes signing in a moment later; the server says so and a retry books.
      const complete = low.createElicitationCompletionNotifier(elicitationId);
      setTimeout(() => {
        signedIn.add(order.carrier);
        complete().catch(() => {});
      }, options.signInMs ?? 50);
      // McpServer passes this error on as a JSON-RPC error, not an isError result.
      throw new UrlElicitationRequiredError([
        {
          mode: 'url',
          elicitationId,
          url: `${CARRIER_SIGN_IN}?order=${encodeURIComponent(order_id)}`,
          message: `Sign in to ${order.carrier} to book a pickup for ${order_id}.`,
        },
      ]);
    },
  );

  server.registerTool(
    'ping_client',
    {
      title: 'Ping the client',
      description: 'Send the client a ping and report whether it answered.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, extra) => {
      await low.request({ method: 'ping' }, EmptyResultSchema, {
        relatedRequestId: extra.requestId,
        timeout: 5_000,
      });
      return text('the client answered the ping');
    },
  );
}
