// track_shipment: follows one order through its carrier scans and reports each scan as a
// notifications/progress when the client sent a progress token. It honours cancellation: a
// notifications/cancelled for its request aborts extra.signal (SDK 1.32.2 does that), the tool
// stops at once, sends no more progress, and the SDK sends no reply.
//
// Without a seed it walks the three scans the lessons quote, `stepDelayMs` apart. A check run
// (a seed) gets a per-run plan instead (trackingPlan): four to six scans, progress counted in
// per cent, pauses of a quarter to half a second, and in about half the runs a *rush*: after
// the second scan the rest and the result are written at once, with no pause (--pace pins
// which), so a client
// that cancels after the second scan finds the result already on its way. That is the race
// the spec allows for ("a receiver MAY still reply"): the server finished before it could
// read the cancel, so the cancel names a request it no longer knows and is ignored.
// --second-scan-ms makes the pause before the second scan a long one, in any run: a client
// that keeps a stream's progress until the stream ends then shows the first scan that late.
// --await-printed holds the next event after a progress notification until the client has
// printed its message (features/await-printed.ts), so "printed as it arrived" is a matter
// of frame order, not of time.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { seeded } from '../../input/seed.ts';
import { logLine } from '../handshake.ts';
import { trackingSteps } from '../orders.ts';
import type { OrderRecord } from '../orders.ts';
import { READS_ONE_ORDER } from './annotations.ts';

/** How one track_shipment call unfolds. */
export interface TrackingPlan {
  /** The scan texts, sent as progress messages in order. */
  messages: string[];
  /** The progress value of each scan: strictly increasing. */
  progress: number[];
  total: number;
  /** The pause before each scan, and before the result (one longer than messages). */
  pauses: number[];
}

/** --pace: a rushed call sends every scan after the second, and its result, at once. */
export type Pace = 'rushed' | 'paced';

/** Sort hubs an order may pass in a check run, one per extra scan. */
const HUBS: readonly string[] = ['Nagpur', 'Hyderabad', 'Pune', 'Chennai', 'Jaipur', 'Bhopal'];

/**
 * The plan for tracking `order`: the three quoted scans `stepDelayMs` apart without a seed;
 * with one, this run's number of scans, progress values, pauses and whether it rushes.
 * `secondScanMs` (--second-scan-ms) replaces the pause before the second scan either way.
 */
export function trackingPlan(
  order: OrderRecord,
  seed?: number,
  stepDelayMs = 20,
  pace?: Pace,
  secondScanMs?: number,
): TrackingPlan {
  const plan = drawnPlan(order, seed, stepDelayMs, pace);
  if (secondScanMs !== undefined) plan.pauses[1] = secondScanMs;
  return plan;
}

function drawnPlan(order: OrderRecord, seed?: number, stepDelayMs = 20, pace?: Pace): TrackingPlan {
  const quoted = trackingSteps(order);
  if (seed === undefined) {
    const rushed = pace === 'rushed';
    return {
      messages: quoted,
      progress: quoted.map((_, i) => i + 1),
      total: quoted.length,
      pauses: [...quoted, ''].map((_, i) => (rushed && i >= 2 ? 0 : stepDelayMs)),
    };
  }
  const extra = 1 + Math.floor(seeded(seed, 60, 1) * 3);
  const firstHub = Math.floor(seeded(seed, 60, 2) * HUBS.length);
  const hubs = Array.from(
    { length: extra },
    (_, i) => `Sorted: ${order.order_id} passed the ${HUBS[(firstHub + i) % HUBS.length]} hub`,
  );
  const messages = [quoted[0]!, quoted[1]!, ...hubs, quoted[2]!];
  const progress: number[] = [];
  let done = 0;
  for (const i of messages.keys()) {
    const left = messages.length - i;
    // Per cent, each scan a different step, the last one 100.
    done = left === 1 ? 100 : done + 5 + Math.floor(seeded(seed, 61, i) * ((95 - done) / left));
    progress.push(done);
  }
  // The draw is made whether or not --pace pins it, so the other per-run data stays the same.
  const drawn = seeded(seed, 62, 0) < 0.5;
  const rush = pace === undefined ? drawn : pace === 'rushed';
  const pauses = [...messages, ''].map((_, i) =>
    rush && i >= 2 ? 0 : 250 + Math.floor(seeded(seed, 63, i) * 250),
  );
  return { messages, progress, total: 100, pauses };
}

/** Waits `ms`, or less when `signal` aborts; tells whether the wait ran its course. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(!signal.aborted);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export interface TrackShipmentOptions {
  seed?: number;
  stepDelayMs?: number;
  /** --pace: pins whether a call rushes (a seed otherwise draws it; without one, paced). */
  pace?: Pace;
  /** --second-scan-ms: the pause before the second scan, whatever the plan drew. */
  secondScanMs?: number;
  /** The order book's lookup; throws for an unknown id (an isError result). */
  requireOrder: (orderId: string) => OrderRecord;
  /** HTTP --drop-after: end the call's SSE stream after this many progress events. */
  dropAfter?: number;
  /** --await-printed: resolves once the client printed this progress message, false on a miss. */
  awaitPrinted?: (message: string, progress: number) => Promise<boolean>;
}

export function registerTrackShipment(
  server: McpServer,
  options: TrackShipmentOptions,
): RegisteredTool {
  const log = (extra: { sessionId?: string }, level: LoggingLevel, data: string) =>
    logLine(server, extra, level, data);
  return server.registerTool(
    'track_shipment',
    {
      title: 'Track shipment',
      description: 'Follow an order through its carrier scans, reporting progress as it goes.',
      inputSchema: { order_id: z.string().describe('Order id, e.g. PT-1041') },
      annotations: READS_ONE_ORDER,
    },
    async ({ order_id }, extra) => {
      const order = options.requireOrder(order_id);
      const plan = trackingPlan(
        order,
        options.seed,
        options.stepDelayMs,
        options.pace,
        options.secondScanMs,
      );
      const progressToken = extra._meta?.progressToken;
      const stopped = async (scans: number) => {
        const reason = typeof extra.signal.reason === 'string' ? extra.signal.reason : 'no reason';
        await log(
          extra,
          'notice',
          `track_shipment: ${order_id} cancelled after ${scans} of ${plan.messages.length} scans (${reason})`,
        );
        // The SDK sends no reply for an aborted request, whatever this returns.
        return { content: [{ type: 'text' as const, text: 'cancelled' }] };
      };
      // --await-printed: the next event waits for the last message to be printed; after one
      // miss the call stops waiting, so a client that holds messages back costs one wait.
      let awaitPrinted = options.awaitPrinted;
      let shown: Promise<boolean> | undefined;
      const untilShown = async () => {
        if (shown && !(await shown)) awaitPrinted = undefined;
        shown = undefined;
      };
      for (const [index, message] of plan.messages.entries()) {
        if (!(await pause(plan.pauses[index]!, extra.signal))) return stopped(index);
        await untilShown();
        await log(extra, 'info', `track_shipment: ${order_id} scan ${index + 1}: ${message}`);
        // Progress is only sent when the client asked for it with a token.
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: plan.progress[index]!, total: plan.total, message },
          });
          shown = awaitPrinted?.(message, plan.progress[index]!);
        }
        // The SDK offers closeSSEStream only on a resumable stream (http-resume.ts).
        if (index + 1 === options.dropAfter) extra.closeSSEStream?.();
      }
      // A last pause keeps the result from sharing a read with the final progress frame:
      // the SDK 1.32.2 client handles notifications a microtask late and drops progress
      // that arrives in the same chunk as the response. (A rushing check run skips it.)
      if (!(await pause(plan.pauses.at(-1)!, extra.signal))) return stopped(plan.messages.length);
      await untilShown();
      return {
        content: [
          {
            type: 'text',
            text: `${order.order_id}: ${order.status} with ${order.carrier}, ETA ${order.eta} (${plan.messages.length} scans)`,
          },
        ],
      };
    },
  );
}
