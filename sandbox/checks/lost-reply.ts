// A client whose SSE reader drops events (one read taken for one event, a data: line missed)
// shows it on the wire in one way: the server's reply to its last request came, in an event,
// and the client went no further, ending with an error or waiting until it was stopped.
import type { RunRecord } from '../contract/check.ts';
import type { Exchange } from '../wire/exchanges.ts';
import type { Read } from './frames.ts';
import { replyEvent } from './http-answers.ts';
import { exchanges } from './query.ts';

/** The client's last POST and the SSE event that answered it, when the client then stopped. */
export function lostReply(run: RunRecord): { ex: Exchange; event: Read } | undefined {
  const ex = exchanges(run).at(-1);
  const event = ex && replyEvent(ex, ex.request.id);
  const stopped = run.verdict !== 'completed' || run.program.exit?.code !== 0;
  return ex && event && ex.method === 'POST' && stopped ? { ex, event } : undefined;
}
