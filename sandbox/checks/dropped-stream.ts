// A streamable HTTP response stream that ended before the reply to its request: where the
// client must resume it (the last event id it received) and what it sent instead or to do so.
// The server replays what came after the Last-Event-ID a GET sends, so the id that counts is
// the last one, and an earlier one brings back what the client already has.
import type { Exchange } from '../wire/exchanges.ts';
import type { Read } from './frames.ts';
import { replyEvent } from './http-answers.ts';

export interface DroppedStream {
  /** The stream's events that carried an `id:`, in order. */
  withId: Read[];
  /** The last of them, and its id: where a resumption starts. */
  last: Read;
  lastId: string;
  /** The client's next request after it, if it sent one. */
  next?: Exchange;
}

/**
 * The stream of `ex` when it ended without the reply to its request; undefined when the
 * reply came on it, or when none of its events had an id to resume from.
 */
export function droppedStream(all: readonly Exchange[], ex: Exchange): DroppedStream | undefined {
  if (replyEvent(ex, ex.request.id)) return undefined;
  const withId = ex.events.filter((e) => e.frame.http?.id !== undefined);
  const last = withId.at(-1);
  if (!last) return undefined;
  return { withId, last, lastId: last.frame.http!.id!, next: all[all.indexOf(ex) + 1] };
}
