// A check that reads what a request got back ("the first resources/list that named a
// resource", "the subscribe the server agreed to") walks the requests of one method with their
// replies: paired once here, so no check writes the loop of requestsOf and replyTo again.
import type { RunRecord } from '../contract/check.ts';
import type { Direction } from '../wire/record.ts';
import { requestsOf } from './by-method.ts';
import type { Read } from './frames.ts';
import { replyTo } from './query.ts';
import type { Request } from './query.ts';

/** A request and the reply (result or error) that answered it. */
export interface Answered {
  request: Request;
  reply: Read;
}

/** The requests of `method` sent in `dir` (client→server unless said) that got a reply, in order. */
export function answeredRequests(
  run: RunRecord,
  method: string,
  dir: Direction = 'c2s',
): Answered[] {
  return requestsOf(run, method, dir).flatMap((request) => {
    const reply = replyTo(run, request);
    return reply ? [{ request, reply }] : [];
  });
}
