// Checks for this exercise. The shared client checks judge the session on the wire (frames,
// ids, handshake, exit); the check below shows how to write one of your own from the frames.
import { frameRef, say } from '../../../../sandbox/checks/say.ts';
import type { Check } from '../../../../sandbox/contract/check.ts';
import {
  cleanExit,
  conversation,
  handshake,
  jsonrpcFrames,
  oneMessagePerLine,
  requestIds,
} from '../../../../sandbox/checks/client-checks.ts';

const callsOrderStatus: Check = {
  id: 'calls-order-status',
  title: 'Call order_status for PT-1041 and print its structuredContent',
  hint: 'Send tools/call with {"name":"order_status","arguments":{"order_id":"PT-1041"}}, then print result.structuredContent.',
  run(run) {
    const conv = conversation(run);
    const call = conv.requests('c2s').find((r) => r.message.method === 'tools/call');
    if (!call) return { ok: false, message: 'Your client never sent tools/call.' };
    const answer = conv.responseTo(call);
    const m = answer?.message;
    if (!answer || m?.kind !== 'result' || m.result.isError === true) {
      return {
        ok: false,
        frame: call.frame.seq,
        message: say`Your tools/call (${frameRef(call.frame.seq)}) did not return the order.`,
      };
    }
    const printed = run.program.stdout.trim();
    const expected = JSON.stringify(m.result.structuredContent);
    if (printed !== expected) {
      return {
        ok: false,
        frame: answer.frame.seq,
        message: say`Expected stdout to be ${expected} (the structuredContent of ${frameRef(answer.frame.seq)}); saw ${JSON.stringify(printed)}.`,
      };
    }
    return {
      ok: true,
      frame: answer.frame.seq,
      message: say`You printed the structuredContent of ${frameRef(answer.frame.seq)}.`,
    };
  },
};

export const checks: Check[] = [
  jsonrpcFrames,
  oneMessagePerLine,
  requestIds,
  handshake('2025-11-25'),
  callsOrderStatus,
  cleanExit,
];
