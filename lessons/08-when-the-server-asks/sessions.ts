// Lesson 8's sessions (when the server asks): Paper Trail with --asks sends the client
// requests of its own in the middle of a tools/call: elicitation/create (form and URL),
// sampling/createMessage, roots/list and ping. The scripts answer them as a client would, and
// some answer them wrongly, to show what SDK 1.32.2 makes of that.
import { runStdioSession, type StdioSession } from '../../sandbox/capture/stdio-session.ts';
import { runHttpSteps } from '../../sandbox/capture/http-session.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { readFrame } from '../../sandbox/wire/read.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const { frame, request } = script;
const ASKS = ['--asks'];

const hello = (id: number, capabilities: object) =>
  request(id, 'initialize', {
    protocolVersion: script.PROTOCOL_VERSION,
    capabilities,
    clientInfo: script.CLIENT_INFO,
  });
const call = (id: number, name: string, args: object = {}) =>
  request(id, 'tools/call', { name, arguments: args });
const answer = (id: unknown, result: object) => frame({ id, result });

const FORM = { elicitation: { form: {} } };

const tapped = (steps: (session: StdioSession) => Promise<void>): Promise<CaptureResult> =>
  runStdioSession(steps, ASKS).then(({ frames }) => ({ frames }));

async function open(session: StdioSession, capabilities: object): Promise<void> {
  await session.request(hello(1, capabilities));
  session.send(script.initialized);
}

/**
 * cancel_order three times: declined (the server's first request has id 0 while the client's
 * call has id 2), accepted on a second try (the server's id 1), and on a delivered order,
 * where the server asks nothing.
 */
export function captureAsksCancel(): Promise<CaptureResult> {
  return tapped(async (session) => {
    await open(session, FORM);
    session.send(call(2, 'cancel_order', { order_id: 'PT-1041' }));
    const first = await session.serverRequest('elicitation/create');
    session.send(answer(first.id, { action: 'decline' }));
    await session.reply(2);
    session.send(call(3, 'cancel_order', { order_id: 'PT-1041' }));
    const second = await session.serverRequest('elicitation/create');
    session.send(answer(second.id, { action: 'accept', content: { confirm: true } }));
    await session.reply(3);
    await session.request(call(4, 'cancel_order', { order_id: 'PT-1017' }));
  });
}

/**
 * A decline that carries content (SDK 1.32.2 takes it as a decline), content that breaks the
 * schema (refused), and the id as a string ("2" for 2), which SDK 1.32.2 takes although a
 * string is not a number.
 */
export function captureAsksLoose(): Promise<CaptureResult> {
  return tapped(async (session) => {
    await open(session, FORM);
    session.send(call(2, 'cancel_order', { order_id: 'PT-1041' }));
    const first = await session.serverRequest('elicitation/create');
    session.send(answer(first.id, { action: 'decline', content: { confirm: true } }));
    await session.reply(2);
    session.send(call(3, 'cancel_order', { order_id: 'PT-1041' }));
    const second = await session.serverRequest('elicitation/create');
    session.send(answer(second.id, { action: 'accept', content: { confirm: 'yes' } }));
    await session.reply(3);
    session.send(call(4, 'cancel_order', { order_id: 'PT-1041' }));
    const third = await session.serverRequest('elicitation/create');
    session.send(answer(String(third.id), { action: 'accept', content: { confirm: true } }));
    await session.reply(4);
  });
}

/**
 * An answer under the client's own next id answers nothing: the server drops it and keeps
 * waiting; the answer with the server's id then completes the call.
 */
export function captureAsksWrongId(): Promise<CaptureResult> {
  return tapped(async (session) => {
    await open(session, FORM);
    session.send(call(2, 'cancel_order', { order_id: 'PT-1041' }));
    const asked = await session.serverRequest('elicitation/create');
    session.send(answer(3, { action: 'accept', content: { confirm: true } }));
    // The ping shows the server read the stray answer and is still waiting for the real one.
    await session.request(request(4, 'ping'));
    session.send(answer(asked.id, { action: 'accept', content: { confirm: true } }));
    await session.reply(2);
  });
}

/**
 * A client that declared nothing: cancel_order fails before asking (the SDK checks the
 * elicitation capability), but summarise_order's sampling request goes out anyway.
 */
export function captureAsksUndeclared(): Promise<CaptureResult> {
  return tapped(async (session) => {
    await open(session, {});
    await session.request(call(2, 'cancel_order', { order_id: 'PT-1041' }));
    session.send(call(3, 'summarise_order', { order_id: 'PT-1041' }));
    const asked = await session.serverRequest('sampling/createMessage');
    session.send(frame({ id: asked.id, error: { code: -32601, message: 'Method not found' } }));
    await session.reply(3);
  });
}

const SUMMARY = 'PT-1041 left Delhivery in Bengaluru and is shipped, due on 5 August 2026.';

/** Sampling, roots (and their change), ping from the server, and ping from the client. */
export function captureAsksSampling(): Promise<CaptureResult> {
  return tapped(async (session) => {
    await open(session, { sampling: {}, roots: { listChanged: true } });
    session.send(call(2, 'summarise_order', { order_id: 'PT-1041' }));
    const sample = await session.serverRequest('sampling/createMessage');
    session.send(
      answer(sample.id, {
        role: 'assistant',
        content: { type: 'text', text: SUMMARY },
        model: 'capture-model-1',
        stopReason: 'endTurn',
      }),
    );
    await session.reply(2);
    session.send(call(3, 'export_orders'));
    const roots = await session.serverRequest('roots/list');
    session.send(
      answer(roots.id, { roots: [{ uri: 'file:///home/asha/orders', name: 'orders' }] }),
    );
    await session.reply(3);
    session.send(frame({ method: 'notifications/roots/list_changed' }));
    const again = await session.serverRequest('roots/list');
    session.send(
      answer(again.id, { roots: [{ uri: 'file:///home/asha/exports', name: 'exports' }] }),
    );
    await session.request(call(4, 'export_orders'));
    session.send(call(5, 'ping_client'));
    const ping = await session.serverRequest('ping');
    session.send(answer(ping.id, {}));
    await session.reply(5);
    await session.request(request(6, 'ping'));
  });
}

/** URL elicitation: -32042 with data.elicitations, the completion notice, and a retry. */
export function captureAsksUrl(): Promise<CaptureResult> {
  return tapped(async (session) => {
    await open(session, { elicitation: { form: {}, url: {} } });
    await session.request(call(2, 'book_pickup', { order_id: 'PT-1041' }));
    await session.notification('notifications/elicitation/complete');
    await session.request(call(3, 'book_pickup', { order_id: 'PT-1041' }));
  });
}

/** Over streamable HTTP: the elicitation rides in the call's SSE stream; the answer is a POST answered 202. */
export const captureAsksHttp = () =>
  runHttpSteps(
    ['--asks'],
    [
      { method: 'POST', body: hello(1, FORM) },
      { method: 'POST', body: script.initialized },
      {
        method: 'POST',
        body: call(2, 'cancel_order', { order_id: 'PT-1041' }),
        answer: (data) => {
          const event = readFrame({ seq: 0, t: 0, dir: 's2c', transport: 'http', text: data });
          return event.kind === 'request' && event.method === 'elicitation/create'
            ? answer(event.id, { action: 'accept', content: { confirm: true } })
            : undefined;
        },
      },
    ],
  );

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'asks-cancel': captureAsksCancel,
  'asks-loose': captureAsksLoose,
  'asks-wrong-id': captureAsksWrongId,
  'asks-undeclared': captureAsksUndeclared,
  'asks-sampling': captureAsksSampling,
  'asks-url': captureAsksUrl,
  'asks-http': captureAsksHttp,
});
