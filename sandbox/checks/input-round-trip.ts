// On 2026-07-28 a request the server needs the user for is answered with resultType
// "input_required" (its inputRequests, under keys of the server's choosing, and a requestState),
// and the client asks again, as a new request, with the answers. Which request is the retry,
// and what it answered, is read once here for every check of that exchange.
import type { RunRecord } from '../contract/check.ts';
import { replyTo, resultOf, type Request } from './query.ts';
import { isObject } from './run-story.ts';

/** The first of `calls`, its answer, and when that asked for input, the next of them and its. */
export function inputRoundTrip(run: RunRecord, calls: readonly Request[]) {
  const first = calls[0];
  const asked = replyTo(run, first);
  const askedResult = resultOf(asked);
  const inputRequired = askedResult?.resultType === 'input_required';
  const retry =
    inputRequired && asked ? calls.find((r) => r.frame.seq > asked.frame.seq) : undefined;
  const requests = askedResult?.inputRequests;
  return {
    first,
    asked,
    askedResult,
    inputRequired,
    /** The keys the server asked under. */
    keys: Object.keys(isObject(requests) ? requests : {}),
    retry,
    final: replyTo(run, retry),
  };
}
