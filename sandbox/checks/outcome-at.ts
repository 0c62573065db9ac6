// An answer written as a tag is about the first frame its message mentions. Some sentences
// name an earlier frame first for the story's sake ("After the stream dropped (frame 9), your
// client sent … (frame 10)") but are about a later one; as a call with a long template that
// takes four lines, and the frame sits at the end where a reader misses it. This puts it first for a pass; failAt (fail-at.ts) does it for a failure.
import type { Outcome } from '../contract/check.ts';
import { pass } from './outcome.ts';
import { say } from './say.ts';

type Tag = (strings: TemplateStringsArray, ...values: Parameters<typeof say>[1][]) => Outcome;

/** A pass about `frame`, as a tag. */
export function passAt(frame: number): Tag {
  return (strings, ...values) => pass(say(strings, ...values), frame);
}
