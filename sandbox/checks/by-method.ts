// Requests and notifications picked by method: the first question most checks ask of a
// conversation ("the client's resources/read requests", "the server's progress
// notifications"), with the usual direction for each as the default: requests from the
// client, notifications from the server.
import type { RunRecord } from '../contract/check.ts';
import type { Direction } from '../wire/record.ts';
import type { Read } from './frames.ts';
import type { Request } from './query.ts';
import { conversation } from './run-story.ts';

/** A notification read, its message known to be a notification. */
export type Notification = ReturnType<ReturnType<typeof conversation>['notifications']>[number];

/** Is this read a request of `method` sent in `dir` (client→server unless said)? */
export function isRequest(r: Read, method: string, dir: Direction = 'c2s'): r is Request {
  return r.frame.dir === dir && r.message?.kind === 'request' && r.message.method === method;
}

/** Is this read a notification of `method` sent in `dir` (server→client unless said)? */
export function isNotification(r: Read, method: string, dir: Direction = 's2c'): r is Notification {
  return r.frame.dir === dir && r.message?.kind === 'notification' && r.message.method === method;
}

/** The requests of `method` sent in `dir` (client→server unless said), in order. */
export function requestsOf(run: RunRecord, method: string, dir: Direction = 'c2s'): Request[] {
  return conversation(run)
    .requests(dir)
    .filter((r) => r.message.method === method);
}

/** The notifications of `method` sent in `dir` (server→client unless said), in order. */
export function notificationsOf(
  run: RunRecord,
  method: string,
  dir: Direction = 's2c',
): Notification[] {
  return conversation(run)
    .notifications(dir)
    .filter((r) => r.message.method === method);
}
