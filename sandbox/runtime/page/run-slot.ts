// The run recipe every runtime shares. The contract says "one run at a time: a second spawn
// kills the first", and that a run's events always end with `done`; the slot keeps the
// first and the event channel the second, so an adapter only says how a run starts, how its
// events arrive (an HTTP NDJSON body, sentinel lines in a terminal) and how it is stopped.
import { createEventChannel, type EventChannel } from './channel.ts';
import type { RuntimeProcess } from '../shared/types.ts';

/** A started run, as far as the slot needs it. */
export interface Stoppable {
  /** Stops the run; safe to call more than once or after it ended. */
  kill(): void;
}

export class RunSlot {
  #current: Stoppable | undefined;
  // Counts starts and stops, so that a run that finishes starting after a later spawn (or a
  // teardown) began is stopped at once instead of running beside it.
  #generation = 0;

  /**
   * Stops the current run, then starts the next: `begin` starts it, feeds its events into
   * the channel it is given (without awaiting them) and returns how to stop it.
   */
  async start(begin: (channel: EventChannel) => Promise<Stoppable>): Promise<RuntimeProcess> {
    this.stop();
    const generation = this.#generation;
    const channel = createEventChannel();
    const run = await begin(channel);
    if (generation === this.#generation) this.#current = run;
    else run.kill();
    return {
      events: channel.iterable,
      exit: channel.finished.then((sawDone) => (sawDone ? 0 : 1)),
      kill: () => run.kill(),
    };
  }

  /** Stops the current run, if there is one. */
  stop(): void {
    this.#generation++;
    this.#current?.kill();
    this.#current = undefined;
  }
}

/** Reads a text stream to its end, chunk by chunk; rejects when the stream errors. */
export async function readText(
  stream: ReadableStream<string>,
  take: (text: string) => void,
): Promise<void> {
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    take(value);
  }
}
