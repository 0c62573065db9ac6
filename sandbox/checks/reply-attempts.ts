// A client that answers a server's request under the wrong id still meant to answer it, but
// the pairing (by id and its JSON type) leaves such a reply unmatched. To tell the learner
// "your answer has the wrong id", a check finds the reply the way a person reading the
// frames would: by where it stands, or by an id that matches only as text.
import type { RunRecord } from '../contract/check.ts';
import { isRequest } from './by-method.ts';
import type { Read } from './frames.ts';
import { conversation } from './run-story.ts';

const other = (r: Read) => (r.frame.dir === 'c2s' ? 's2c' : 'c2s');
const repliesTo = (run: RunRecord, request: Read) =>
  conversation(run)
    .from(other(request))
    .filter((r) => r.kind === 'response' && r.frame.seq > request.frame.seq);

/**
 * The reply meant for a request whatever id it carries: the first reply from the other side
 * that pairs with nothing, after the request and before the next request of its method.
 */
export function answerAttempt(run: RunRecord, request: Read): Read | undefined {
  const method = request.message?.kind === 'request' ? request.message.method : '';
  const next = conversation(run)
    .from(request.frame.dir)
    .find((r) => r.frame.seq > request.frame.seq && isRequest(r, method, request.frame.dir));
  return repliesTo(run, request).find(
    (r) => (next === undefined || r.frame.seq < next.frame.seq) && r.pairedWith === undefined,
  );
}

/** A later reply whose id is the request's written as another JSON type ("0" for 0). */
export function looseReply(run: RunRecord, request: Read): Read | undefined {
  return repliesTo(run, request).find(
    (r) => r.id !== undefined && String(r.id) === String(request.id),
  );
}
