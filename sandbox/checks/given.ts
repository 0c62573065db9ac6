// Several checks of one exercise judge the same thing (the call and its cancel, the order to
// watch) and have nothing to judge without it. Finding it once, for all of them, keeps each
// check's body to its own rules and says "not reached" the same way every time.
import type { Check, Outcome, RunRecord } from '../contract/check.ts';
import { notReached } from './not-reached.ts';

/** What a check is called and how it helps, apart from how it judges. */
export type CheckMeta = Pick<Check, 'id' | 'title' | 'hint'>;

/**
 * A maker of checks about what `find` finds in a run; `find` gives instead why there is nothing
 * to judge (the check is then not reached, with that message).
 */
export function given<T extends object>(find: (run: RunRecord) => T | string) {
  return ({ judge, ...meta }: CheckMeta & { judge: (run: RunRecord, found: T) => Outcome }) => ({
    ...meta,
    run(run: RunRecord): Outcome {
      const found = find(run);
      return typeof found === 'string' ? notReached(found) : judge(run, found);
    },
  });
}
