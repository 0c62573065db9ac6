// A one-reader queue of harness events that turns pushes into an async iterable. Both
// runtimes feed one; it guarantees the RuntimeProcess contract that iteration always ends
// with a `done` event, even when the harness died, was killed or the connection dropped.
import { HarnessEvent } from '../../contract/events.ts';

type Done = Extract<HarnessEvent, { type: 'done' }>;

export interface EventChannel {
  /** Validates one decoded JSON value and queues it; invalid values are counted, not queued. */
  push(value: unknown): void;
  /** Ends the stream; without a `done` so far, queues a synthetic one explaining `why`. */
  close(why: string): void;
  readonly iterable: AsyncIterable<HarnessEvent>;
  /** Resolves when closed: true when a real `done` arrived. */
  readonly finished: Promise<boolean>;
  readonly invalid: number;
}

export function createEventChannel(): EventChannel {
  const queue: HarnessEvent[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  let sawDone = false;
  let invalid = 0;
  let resolveFinished!: (done: boolean) => void;
  const finished = new Promise<boolean>((r) => (resolveFinished = r));

  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  return {
    push(value) {
      if (closed || sawDone) return;
      const parsed = HarnessEvent.safeParse(value);
      if (!parsed.success) {
        invalid++;
        return;
      }
      queue.push(parsed.data);
      if (parsed.data.type === 'done') sawDone = true;
      notify();
    },
    close(why) {
      if (closed) return;
      closed = true;
      if (!sawDone) {
        const done: Done = { type: 'done', verdict: 'error', summary: why };
        queue.push(done);
      }
      resolveFinished(sawDone);
      notify();
    },
    get invalid() {
      return invalid;
    },
    finished,
    iterable: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const next = queue.shift();
          if (next) {
            yield next;
            if (next.type === 'done') return;
            continue;
          }
          if (closed) return;
          await new Promise<void>((r) => (wake = r));
        }
      },
    },
  };
}
