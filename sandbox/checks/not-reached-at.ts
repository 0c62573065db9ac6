// A check with nothing to judge can still point at the frame that explains why (the answer
// that made the rule moot), so the learner lands on it. Written as a tag, like fail and pass,
// it is about the first frame its message mentions.
import type { NotReached, Said } from '../contract/check.ts';
import { notReached } from './not-reached.ts';
import { mentionedFrames, say } from './say.ts';

/** notReached, about frame `frame`. */
export function notReachedAt(why: string | Said, frame: number): NotReached {
  return { ...notReached(why), frame };
}

/** notReached as a template tag: `` unjudged`No run was reported.` ``. */
export function unjudged(
  strings: TemplateStringsArray,
  ...values: Parameters<typeof say>[1][]
): NotReached {
  const why = say(strings, ...values);
  const frame = mentionedFrames(why)[0];
  return frame === undefined ? notReached(why) : notReachedAt(why, frame);
}
