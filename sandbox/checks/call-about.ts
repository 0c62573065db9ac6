// Paper Trail's tools take the order they are about as arguments.order_id, and a check that
// judges "the call for PT-1041" finds it that way whatever else the call sent, so two checks of
// one run never disagree about which call was about which order.
import type { RunRecord } from '../contract/check.ts';
import { argumentsOf } from './arguments-of.ts';
import { toolCalls, type Request } from './query.ts';

/** The client's first tools/call (of `tool`, when given) about order `orderId`. */
export function callAbout(run: RunRecord, orderId: string, tool?: string): Request | undefined {
  return toolCalls(run, tool).find((r) => argumentsOf(r).order_id === orderId);
}
