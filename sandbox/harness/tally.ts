// How many checks passed, failed, or were not reached: one count for the run's summary, the
// CLI's last line and anything else that reports a check run.
import type { CheckResult } from '../contract/events.ts';

export interface Tally {
  passed: number;
  failed: number;
  notReached: number;
}

export function tally(results: readonly CheckResult[]): Tally {
  const notReached = results.filter((r) => r.reached === false).length;
  const passed = results.filter((r) => r.ok).length;
  return { passed, failed: results.length - passed - notReached, notReached };
}

/** "3 passed, 1 failed", plus ", 2 not reached" when some were. */
export function tallyText(t: Tally): string {
  const base = `${t.passed} passed, ${t.failed} failed`;
  return t.notReached > 0 ? `${base}, ${t.notReached} not reached` : base;
}
