// A long call on the wire: the request asks for progress with params._meta.progressToken, the
// server reports each step as notifications/progress under that token, and the client may
// cancel the call with notifications/cancelled naming its id. Read one way, so every exercise
// that follows a long call agrees on which steps and which cancel were about it.
import type { RunRecord } from '../contract/check.ts';
import { notificationsOf, type Notification } from './by-method.ts';
import type { Read } from './frames.ts';
import { paramsOf } from './query.ts';
import { isObject } from './run-story.ts';

/** The progress token a request carries at params._meta.progressToken, or undefined. */
export function progressTokenOf(request: Read): unknown {
  const meta = paramsOf(request)._meta;
  return isObject(meta) ? meta.progressToken : undefined;
}

/** The server's notifications/progress under `token`, in order; none when there is no token. */
export function progressUnder(run: RunRecord, token: unknown): Notification[] {
  if (token === undefined) return [];
  return notificationsOf(run, 'notifications/progress').filter(
    (r) => paramsOf(r).progressToken === token,
  );
}

/** The client's notifications/cancelled naming `request` by its id, same value and type. */
export function cancelOf(run: RunRecord, request: Read): Notification | undefined {
  const id = request.message?.kind === 'request' ? request.message.id : undefined;
  return notificationsOf(run, 'notifications/cancelled', 'c2s').find(
    (r) => id !== undefined && paramsOf(r).requestId === id,
  );
}
