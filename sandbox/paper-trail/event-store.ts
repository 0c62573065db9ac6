// Resumable streams (--resumable): the SDK's EventStore interface, kept in memory per session.
// The SDK numbers nothing itself: every SSE event it writes on a stream is first stored here,
// and the id this store hands back goes out as the event's `id:` line. A client that lost the
// stream sends that id back as Last-Event-ID on a GET, and the SDK asks the store to replay
// what came after it on the same stream.
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface Stored {
  id: string;
  streamId: string;
  message: JSONRPCMessage;
}

/**
 * Event ids are "<stream number>-<event number>": short, readable in a capture, and the same
 * in every run (the SDK's stream ids are random UUIDs, so they never appear in an event id).
 */
export class SessionEventStore implements EventStore {
  private readonly events: Stored[] = [];
  private readonly streamNumbers = new Map<string, number>();
  private readonly counts = new Map<string, number>();

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    let stream = this.streamNumbers.get(streamId);
    if (stream === undefined) {
      stream = this.streamNumbers.size + 1;
      this.streamNumbers.set(streamId, stream);
    }
    const n = this.counts.get(streamId) ?? 0;
    this.counts.set(streamId, n + 1);
    const id = `${stream}-${n}`;
    this.events.push({ id, streamId, message });
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.find((e) => e.id === eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const at = this.events.findIndex((e) => e.id === lastEventId);
    if (at === -1) return '';
    const { streamId } = this.events[at]!;
    for (const e of this.events.slice(at + 1)) {
      // The priming event holds no message (the SDK stores {}); it is never sent again.
      if (e.streamId === streamId && Object.keys(e.message).length > 0) await send(e.id, e.message);
    }
    return streamId;
  }
}
