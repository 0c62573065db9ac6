// `stalled(run, message, frame)` takes its message as an argument, which prettier spreads over
// four lines; as a tag, like fail and pass, a failure with the hang story stays one sentence on
// one line.
import type { Outcome, RunRecord } from '../contract/check.ts';
import { stalled } from './run-story.ts';
import { say } from './say.ts';

/** `stalled` as a template tag: the failure about `frame` (or the hang story's own frame). */
export function stalledAt(run: RunRecord, frame?: number) {
  return (strings: TemplateStringsArray, ...values: Parameters<typeof say>[1][]): Outcome =>
    stalled(run, say(strings, ...values), frame);
}
