// How many checks passed, failed, or were not reached: one count for the run's summary, the
// CLI's last line and anything else that reports a check run.
import type { CheckResult } from '../contract/events.ts';

export interface Tally {
  passed: number;
  failed: number;
  notReached: number;
  /** Ungraded checks that only show something (CheckResult.info): counted apart. */
  info: number;
}

export function tally(results: readonly CheckResult[]): Tally {
  const info = results.filter((r) => r.info === true).length;
  const graded = results.filter((r) => r.info !== true);
  const notReached = graded.filter((r) => r.reached === false).length;
  const passed = graded.filter((r) => r.ok).length;
  return { passed, failed: graded.length - passed - notReached, notReached, info };
}

/** "3 passed, 1 failed", plus ", 2 not reached" and ", 1 for information" when there are some. */
export function tallyText(t: Tally): string {
  let text = `${t.passed} passed, ${t.failed} failed`;
  if (t.notReached > 0) text += `, ${t.notReached} not reached`;
  if (t.info > 0) text += `, ${t.info} for information`;
  return text;
}
