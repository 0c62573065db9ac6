// stalled() as a template tag, like fail and pass: a failure of a client that then hung, about
// the first frame its message mentions. The call form takes five lines where this takes one.
import type { Outcome, RunRecord } from '../contract/check.ts';
import { stalled } from './run-story.ts';
import { mentionedFrames, say } from './say.ts';

type Value = Parameters<typeof say>[1];

/** ``return hung(run)`Your client never answered ${frameRef(n)}.`;`` */
export const hung =
  (run: RunRecord) =>
  (strings: TemplateStringsArray, ...values: Value[]): Outcome => {
    const message = say(strings, ...values);
    return stalled(run, message, mentionedFrames(message)[0]);
  };
