// `` fail`…` `` is about the first frame its message mentions; a message that must name an
// earlier frame first ("After the stream dropped (frame 9), your client sent … (frame 10)")
// needs another. As a tag too, so such a failure stays one sentence on one line.
import type { Outcome } from '../contract/check.ts';
import { fail } from './outcome.ts';
import { mentionedFrames, say } from './say.ts';

type Value = Parameters<typeof say>[1];

/** A failure as a template tag, about `frame` (or no frame) whatever the message mentions. */
export function failAt(frame: number | undefined) {
  return (strings: TemplateStringsArray, ...values: Value[]): Outcome =>
    fail(say(strings, ...values), frame);
}

/** The earliest of some frames, or undefined when there are none. */
export function earliest(frames: readonly number[]): number | undefined {
  return frames.length > 0 ? Math.min(...frames) : undefined;
}

/** A failure as a tag about the earliest frame it names, for messages that list out of order. */
export function failAtEarliest(strings: TemplateStringsArray, ...values: Value[]): Outcome {
  const message = say(strings, ...values);
  return fail(message, earliest(mentionedFrames(message)));
}
