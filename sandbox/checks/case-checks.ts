// The two shapes of check a driver-based exercise is made of: "the driver asked the learner's
// function about every case", and "every case of one kind got the right answer". Written once,
// so each exercise says only which cases, and what is wrong with an answer, in its own words.
import type { Check, RunRecord, Said } from '../contract/check.ts';
import { andMore } from './driver-answers.ts';
import { everyCaseAsked } from './every-case-asked.ts';
import type { CheckMeta } from './given.ts';
import { notReached } from './not-reached.ts';
import { fail, pass } from './outcome.ts';

/**
 * Passes when the driver's `@@case` table has `total(run)` rows; else says how far it got and
 * why it stopped. `fn` names the learner's function, e.g. "classify()".
 */
export function asksEveryCase(
  check: CheckMeta & { fn: string; total: (run: RunRecord) => number },
): Check {
  const { fn, total: totalOf, ...meta } = check;
  return { ...meta, run: (run) => everyCaseAsked(run, fn, totalOf(run)) };
}

/** One case check: which cases it judges, and what is wrong with one's answer. */
export interface CaseRule<C> extends CheckMeta {
  /** The cases this check judges (all of them when not said). */
  mine?: (c: C) => boolean;
  /** Why nothing was judged, when no case is `mine`. */
  none: string;
  /** The pass, for `n` cases judged. */
  good: (n: number) => string;
  /** The whole failure sentence about a wrong answer; nothing when the answer is right. */
  wrong: (c: C) => Said | undefined | false;
  /** How the count of the other wrong cases ends: "2 more cases went wrong too". */
  went?: string;
}

/**
 * A check over the cases `mine` selects from `cases(run)`: the failure is about the first wrong
 * case (a live one first: it has a frame the learner can open) and counts the others.
 */
export function caseCheck<C extends { frame?: number }>(
  cases: (run: RunRecord) => C[],
  { mine, none, good, wrong, went, ...meta }: CaseRule<C>,
): Check {
  return {
    ...meta,
    run(run) {
      const judged = mine ? cases(run).filter(mine) : cases(run);
      if (judged.length === 0) return notReached(none);
      const bad = judged.flatMap((c) => {
        const said = wrong(c);
        return said ? [{ c, said }] : [];
      });
      if (bad.length === 0) return pass(good(judged.length));
      const first = bad.find((b) => b.c.frame !== undefined) ?? bad[0]!;
      return fail(andMore(first.said, bad.length - 1, went), first.c.frame);
    },
  };
}
