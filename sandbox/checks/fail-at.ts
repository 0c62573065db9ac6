// `` fail`…` `` is about the first frame its message mentions; a message that must name an
// earlier frame first ("After the stream dropped (frame 9), your client sent … (frame 10)")
// needs another. As a tag too, so such a failure stays one sentence on one line.
import type { Outcome } from '../contract/check.ts';
import { fail } from './outcome.ts';
import { say } from './say.ts';

/** A failure as a template tag, about `frame` (or no frame) whatever the message mentions. */
export function failAt(frame: number | undefined) {
  return (strings: TemplateStringsArray, ...values: Parameters<typeof say>[1][]): Outcome =>
    fail(say(strings, ...values), frame);
}
