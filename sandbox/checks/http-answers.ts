// What came back for one HTTP request: the status the server gave, in the words a failure
// about that request ends with (it often names the mistake: 406, 415, 400), and the SSE event
// that carried the reply, on the request's own stream or on one that resumed it.
import type { Said } from '../contract/check.ts';
import { statusOf, type Exchange } from '../wire/exchanges.ts';
import type { Read } from './frames.ts';
import { frameRef, say } from './say.ts';

/**
 * " The server answered 406 Not Acceptable (frame 1)." when a response came (with status
 * `only`, when given), else nothing: the server's side of a request a failure is about.
 */
export function serverAnswered(ex: Exchange, only?: number, words?: string): Said | '' {
  const status = statusOf(ex);
  if (!ex.response || (only !== undefined && status !== only)) return '';
  const said = words === undefined ? String(status) : `${String(status)} ${words}`;
  return say` The server answered ${said} (${frameRef(ex.response.frame.seq)}).`;
}

/** The SSE event of this exchange that carried the result for request `id`, if one did. */
export function replyEvent(ex: Exchange, id: unknown): Read | undefined {
  return ex.events.find((e) => e.message?.kind === 'result' && e.message.id === id);
}

/**
 * The result for `ex`'s request, on its own stream or a later one (a resumed stream brings
 * the rest of a call on a GET); the last one, should it have come twice.
 */
export function streamedReply(all: readonly Exchange[], ex: Exchange): Read | undefined {
  const replies = all.slice(all.indexOf(ex)).map((later) => replyEvent(later, ex.request.id));
  return replies.filter((r) => r !== undefined).at(-1);
}
