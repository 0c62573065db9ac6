// "The client's initialize", "the server's elicitation/create requests": the requests of one
// method in one direction, asked the same way by every check.
import type { RunRecord } from '../contract/check.ts';
import type { Direction } from '../wire/record.ts';
import type { Request } from './query.ts';
import { conversation } from './run-story.ts';

/** The requests of `method` sent in direction `dir` (the client's, by default), in order. */
export function requestsOf(run: RunRecord, method: string, dir: Direction = 'c2s'): Request[] {
  return conversation(run)
    .requests(dir)
    .filter((r) => r.message.method === method);
}
