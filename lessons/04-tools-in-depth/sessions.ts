// Lesson 4 ("Tools in depth"): the tool calls lesson 2 did not make. tools/list, a found
// order, an unknown tool and a call without a name are lesson 2's captures (stdio-session,
// stdio-strict) and are reused, not recorded twice.
import { runStdioSession } from '../../sandbox/capture/stdio-session.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const call = (id: number, params: object) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });

/** order_id as a number: fails the input schema, and SEP-1303 makes that a tool error. */
export const orderIdNumber = call(2, { name: 'order_status', arguments: { order_id: 42 } });
/** `args` instead of `arguments`: the tool sees no arguments at all. */
export const argsNotArguments = call(3, { name: 'order_status', args: { order_id: 'PT-1041' } });
/** One call, four kinds of content block. */
export const shippingLabel = call(4, {
  name: 'shipping_label',
  arguments: { order_id: 'PT-1041' },
});
/** order_status against `--buggy-output`: the handler's structured output breaks its schema. */
export const buggyOrder = call(2, { name: 'order_status', arguments: { order_id: 'PT-1041' } });

export async function captureStdioToolCalls(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.request(orderIdNumber);
    await session.request(argsNotArguments);
    await session.request(shippingLabel);
  });
  return { frames };
}

export async function captureStdioBuggyOutput(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(
    async (session) => {
      await session.request(script.initialize);
      session.send(script.initialized);
      await session.request(buggyOrder);
    },
    ['--buggy-output'],
  );
  return { frames };
}

/** The same call against `--unchecked-output`: the broken structured content reaches the client. */
export async function captureStdioUncheckedOutput(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(
    async (session) => {
      await session.request(script.initialize);
      session.send(script.initialized);
      await session.request(buggyOrder);
    },
    ['--unchecked-output'],
  );
  return { frames };
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'stdio-tool-calls': captureStdioToolCalls,
  'stdio-buggy-output': captureStdioBuggyOutput,
  'stdio-unchecked-output': captureStdioUncheckedOutput,
});
