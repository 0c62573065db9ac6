// A 2026-07-28 result says what kind of answer it is (resultType "complete", "input_required"),
// and a client's mistake is best told beside what the server made of its request. One phrase
// for it, "your … was answered in frame 5 with resultType "input_required"", in every check.
import type { Said } from '../contract/check.ts';
import { errorOf } from './error-of.ts';
import { quote, type Read } from './frames.ts';
import { resultOf } from './query.ts';
import { frameRef, say } from './say.ts';

/** How a request was answered, to follow its subject: "got no answer", "was answered in …". */
export function howAnswered(reply: Read | undefined): Said {
  if (!reply) return say`got no answer`;
  const error = errorOf(reply);
  const at = frameRef(reply.frame.seq);
  if (error)
    return say`was answered in ${at} with error ${error.code} ${quote(error.message, 160)}`;
  const type = resultOf(reply)?.resultType;
  return typeof type === 'string'
    ? say`was answered in ${at} with resultType ${quote(type)}`
    : say`was answered in ${at} with a result without resultType (a 2025-11-25 answer)`;
}
