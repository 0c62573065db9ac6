// Lesson 5's sessions (resources and prompts): scripted raw lines into Paper Trail through the
// same stdio tap the exercises use, mostly with --live (the template, pages, subscriptions,
// completions). A subscription session also waits for the server's own notifications.
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import { runStdioSession, type StdioSession } from '../../sandbox/capture/stdio-session.ts';
import * as script from '../../sandbox/capture/script.ts';
import { request } from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const runSession = (
  extraArgs: string[],
  steps: (session: StdioSession) => Promise<void>,
): Promise<CaptureResult> =>
  // The server's stderr says nothing this lesson shows, so no .stderr.txt is kept.
  runStdioSession(steps, extraArgs).then(({ frames }) => ({ frames }));

async function hello(session: StdioSession): Promise<void> {
  await session.request(script.initialize);
  session.send(script.initialized);
}

/** The newest order in the lesson's (unseeded) catalog, and the order updated unasked. */
const LIVE = 'orders://PT-1063';
const OTHER = 'orders://PT-1058';

/** Paper Trail without --live: one fixed resource per order, and the SDK's own "not found". */
export function captureResourcesFixed(): Promise<CaptureResult> {
  return runSession([], async (session) => {
    await hello(session);
    await session.request(request(2, 'resources/list'));
    await session.request(request(3, 'resources/read', { uri: 'orders://PT-9999' }));
    // McpServer does not page: a cursor it never handed out is ignored, not refused.
    await session.request(request(4, 'resources/list', { cursor: 'page-2' }));
    // Without --live there is no subscribe capability, and no handler behind the method.
    await session.request(request(5, 'resources/subscribe', { uri: 'orders://PT-1041' }));
  });
}

/** With --live: pages, templates, a text and a blob read, and both kinds of "not found". */
export function captureResourcesLive(): Promise<CaptureResult> {
  return runSession(['--live'], async (session) => {
    await hello(session);
    const first = await session.request(request(2, 'resources/list'));
    const result = first.message?.kind === 'result' ? first.message.result : {};
    await session.request(request(3, 'resources/list', { cursor: result.nextCursor }));
    await session.request(request(4, 'resources/templates/list'));
    await session.request(request(5, 'resources/read', { uri: 'orders://PT-1041' }));
    await session.request(request(6, 'resources/read', { uri: 'orders://PT-1041/label' }));
    await session.request(request(7, 'resources/read', { uri: 'orders://PT-9999' }));
    await session.request(request(8, 'resources/read', { uri: 'order://PT-1041' }));
    await session.request(request(9, 'resources/list', { cursor: 'page-2' }));
  });
}

/** A subscription to the newest order, followed to "delivered", as the exercise asks. */
export function captureSubscription(): Promise<CaptureResult> {
  return runSession(['--live'], async (session) => {
    await hello(session);
    await session.request(request(2, 'resources/subscribe', { uri: LIVE }));
    await session.request(request(3, 'resources/read', { uri: LIVE }));
    await session.notification('notifications/resources/updated', LIVE);
    await session.request(request(4, 'resources/read', { uri: LIVE }));
    // The update for another order is left alone; the next one for ours is read.
    await session.notification('notifications/resources/updated', OTHER);
    await session.notification('notifications/resources/updated', LIVE);
    await session.request(request(5, 'resources/read', { uri: LIVE }));
    await session.request(request(6, 'resources/unsubscribe', { uri: LIVE }));
  });
}

/** Prompts and completions with --live, and a prompt fetched without its required argument. */
export function capturePrompts(): Promise<CaptureResult> {
  return runSession(['--live'], async (session) => {
    await hello(session);
    await session.request(request(2, 'prompts/list'));
    await session.request(
      request(3, 'prompts/get', {
        name: 'draft_customer_reply',
        arguments: { order_id: 'PT-1041' },
      }),
    );
    await session.request(
      request(4, 'prompts/get', { name: 'track_order', arguments: { order_id: 'PT-1041' } }),
    );
    await session.request(
      request(5, 'completion/complete', {
        ref: { type: 'ref/resource', uri: 'orders://{order_id}' },
        argument: { name: 'order_id', value: 'PT-10' },
      }),
    );
    await session.request(
      request(6, 'completion/complete', {
        ref: { type: 'ref/prompt', name: 'draft_customer_reply' },
        argument: { name: 'order_id', value: 'PT-104' },
      }),
    );
    // A required argument left out: the SDK's prompts/get handler refuses it with -32602.
    await session.request(request(7, 'prompts/get', { name: 'draft_customer_reply' }));
  });
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'resources-fixed': captureResourcesFixed,
  'resources-live': captureResourcesLive,
  'resources-subscribe': captureSubscription,
  'prompts-live': capturePrompts,
});
