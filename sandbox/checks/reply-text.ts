// What most tool calls come down to for a learner: the first text item of the result. Read
// one way, so an error reply, a result without text and no reply at all all give undefined.
import type { Read } from './frames.ts';
import { resultOf, textsOf } from './query.ts';

/** The first text item of a reply's result, undefined for an error or no reply. */
export const replyText = (reply: Read | undefined): string | undefined =>
  textsOf(resultOf(reply))[0];
