// Paper Trail's resources with --live: a resource template orders://{order_id} over a catalog
// of orders, a binary label per order, resources/list in pages, completions for order ids, and
// subscriptions to an order whose status moves on while the client watches.
//
// What the SDK (1.32.2) does and what Paper Trail adds on the low-level Server:
// - McpServer answers resources/list with every resource in one page and ignores `cursor`,
//   so Paper Trail replaces that one handler with a paginated one (pageOf below).
// - McpServer has no handler for resources/subscribe or resources/unsubscribe; Paper Trail
//   sets both and declares the `subscribe` capability itself.
// - An order id the template matches but the catalog lacks is answered here with the
//   spec's -32002; a URI no template matches still gets the SDK's own -32602.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import {
  ListResourcesRequestSchema,
  McpError,
  ErrorCode,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { catalog } from './catalog.ts';
import type { CatalogOrder } from './catalog.ts';
import { labelPng } from './label.ts';

/** resources/list entries per page: small, so that the catalog takes three pages. */
export const PAGE_SIZE = 4;
/** The spec's code for a resource that does not exist (2025-11-25, Resources > Error Handling). */
export const RESOURCE_NOT_FOUND = -32002;

export interface LiveOptions {
  seed?: number;
  /** Pause between two status changes of the watched order. */
  statusStepMs?: number;
  /** --repeat-status: one update moves only the ETA, so two reads show the same status. */
  repeatStatus?: boolean;
  /** --await-reads: the next update waits up to this long for the client to read the order. */
  awaitReadsMs?: number;
  /** Diagnostics (stderr): said when an update went unread for the whole wait. */
  log?: (line: string) => void;
}

/** With --await-reads, how much longer than the wait the quiet spell after the first read is. */
export const QUIET_BEYOND_WAIT_MS = 500;

/** The day after a YYYY-MM-DD date: a delay the carrier announces. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return Number.isNaN(next.getTime()) ? date : next.toISOString().slice(0, 10);
}

export interface LiveResources {
  /** Finds an order of the catalog (its current state). */
  find(orderId: string): CatalogOrder | undefined;
  /** The prompt argument shape with completion of order ids. */
  orderArgs: { order_id: z.ZodString };
}

const orderUri = (orderId: string) => `orders://${orderId}`;

/** One entry of a resources/list result. */
interface Listed {
  uri: string;
  name: string;
  [key: string]: unknown;
}

function notFound(uri: string): McpError {
  return new McpError(RESOURCE_NOT_FOUND, `Resource ${uri} not found`, { uri });
}

/** Cursors are opaque to clients: base64url of where the next page starts. */
function cursorFor(start: number): string {
  return Buffer.from(`orders:${start}`).toString('base64url');
}

function startOf(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const match = /^orders:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  const start = match ? Number(match[1]) : NaN;
  // The spec asks for -32602 on a cursor the server did not hand out.
  if (!(start > 0 && start < total)) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  }
  return start;
}

export function registerLiveResources(server: McpServer, options: LiveOptions): LiveResources {
  // With reads paced (--await-reads) a step need not leave a slow client room to catch up, so
  // it is short, and a check run is quicker for it.
  const stepMs = options.statusStepMs ?? (options.awaitReadsMs === undefined ? 250 : 100);
  const book = catalog(options.seed, options.repeatStatus ?? false);
  const find = (orderId: string) => book.orders.find((o) => o.order_id === orderId);
  const complete = (value: string | undefined) =>
    book.orders.map((o) => o.order_id).filter((id) => id.startsWith((value ?? '').toUpperCase()));

  server.registerResource(
    'order',
    new ResourceTemplate('orders://{order_id}', {
      // resources/list is answered by the paginated handler below, not from here.
      list: undefined,
      complete: { order_id: complete },
    }),
    {
      title: 'An order',
      description: 'One order as JSON: status, carrier and ETA.',
      mimeType: 'application/json',
    },
    async (uri, { order_id }) => {
      const order = find(String(order_id));
      if (!order) throw notFound(uri.href);
      if (order.order_id === book.live) wasRead();
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(order) }],
      };
    },
  );

  server.registerResource(
    'label',
    new ResourceTemplate('orders://{order_id}/label', { list: undefined }),
    {
      title: 'Shipping label',
      description: "The order's shipping label as a small PNG.",
      mimeType: 'image/png',
    },
    async (uri, { order_id }) => {
      const order = find(String(order_id));
      if (!order) throw notFound(uri.href);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'image/png',
            blob: labelPng(order.order_id).toString('base64'),
          },
        ],
      };
    },
  );

  // Resources registered elsewhere on this server (fixed ones, not orders) are listed after
  // the orders. The SDK offers no public way to enumerate them, so its own list handler,
  // which McpServer set up when the templates above were registered, is kept and asked.
  type ListHandler = (request: unknown, extra: unknown) => Promise<{ resources: Listed[] }>;
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, ListHandler> })
    ._requestHandlers;
  const sdkList = handlers?.get('resources/list');
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
    const others = sdkList
      ? (await sdkList({ method: 'resources/list', params: {} }, extra)).resources.filter(
          (r) => !/^orders:\/\//.test(r.uri),
        )
      : [];
    const all: Listed[] = [
      ...book.orders.map((o) => ({
        uri: orderUri(o.order_id),
        name: o.order_id,
        title: `Order ${o.order_id}`,
        mimeType: 'application/json',
      })),
      ...others,
    ];
    const start = startOf(request.params?.cursor, all.length);
    const page = all.slice(start, start + PAGE_SIZE);
    const next = start + PAGE_SIZE;
    return next < all.length
      ? { resources: page, nextCursor: cursorFor(next) }
      : { resources: page };
  });

  // Subscriptions: only the live order ever changes. While it is watched, Paper Trail moves
  // it one step at a time and also announces one change to another order the client did not
  // subscribe to: a client has to look at the uri of each update. Without --await-reads a
  // step follows every stepMs; with it, the subscription and each update of the live order
  // wait for the client's read of it (or the wait's end), and the step after the first such
  // read waits longer than that, so that a client reading on a timer of its own reads in the
  // quiet.
  server.server.registerCapabilities({ resources: { subscribe: true } });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let step = 0;
  let otherSent = false;
  let unread = false;
  let quietDone = false;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    unread = false;
  };
  const next = (ms: number) => {
    timer = setTimeout(() => void tick(), ms);
  };
  const awaitRead = (ms: number) => {
    unread = true;
    timer = setTimeout(() => {
      unread = false;
      options.log?.(
        `paper-trail: ${orderUri(book.live)} was not read within ${ms} ms; the next update goes out now`,
      );
      void tick();
    }, ms);
  };
  const tick = async () => {
    timer = undefined;
    if (!otherSent && step === book.other.before) {
      otherSent = true;
      const other = find(book.other.order_id);
      if (other) other.status = book.other.status;
      await server.server.sendResourceUpdated({ uri: orderUri(book.other.order_id) });
      next(stepMs);
      return;
    }
    const live = find(book.live);
    if (!live || step >= book.steps.length) return;
    const status = book.steps[step]!;
    // An update that keeps the status is still a change: the order's ETA moves.
    if (status === live.status) live.eta = dayAfter(live.eta);
    live.status = status;
    step += 1;
    await server.server.sendResourceUpdated({ uri: orderUri(book.live) });
    if (step >= book.steps.length) return;
    if (options.awaitReadsMs === undefined) next(stepMs);
    else awaitRead(options.awaitReadsMs);
  };
  /** A read of the live order: the update it answers lets the next one go. */
  const wasRead = () => {
    if (!unread || options.awaitReadsMs === undefined) return;
    clearTimeout(timer);
    unread = false;
    const quiet = !quietDone;
    quietDone = true;
    next(quiet ? options.awaitReadsMs + QUIET_BEYOND_WAIT_MS : stepMs);
  };

  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    const orderId = /^orders:\/\/([^/]+)$/.exec(uri)?.[1];
    if (orderId === undefined || !find(orderId)) throw notFound(uri);
    if (orderId === book.live && timer === undefined && step < book.steps.length) {
      // With reads paced the first update, too, waits for the client's first read: sent on a
      // timer it could overtake that read, and the client's read for it would look like a
      // second read with nothing new.
      if (options.awaitReadsMs === undefined) next(stepMs);
      else awaitRead(options.awaitReadsMs);
    }
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    if (request.params.uri === orderUri(book.live)) stop();
    return {};
  });

  // A timer must not outlive the connection (nor keep a finished process alive).
  const closed = server.server.onclose;
  server.server.onclose = () => {
    stop();
    closed?.();
  };

  return {
    find,
    orderArgs: { order_id: completable(z.string().describe('Order id, e.g. PT-1041'), complete) },
  };
}
