// One verdict from the sessions of a check run with scenarios: a check passes only when it
// passed in every session, and the session shown to the learner is the one whose failure
// decides the verdict, so that the frames a failing check names are the frames on screen.
import type { CheckResult } from '../contract/events.ts';

export interface ScenarioVerdict {
  /** One result per check, in check order. */
  results: CheckResult[];
  /** The session to show: the first failing check's first failing session, else the first. */
  shown: number;
}

const failed = (r: CheckResult): boolean => !r.ok;
/** A failure of the check's own kind, not one whose subject never happened. */
const mistaken = (r: CheckResult): boolean => !r.ok && r.reached !== false;

/**
 * `sessions[s][c]` is check c's result in session s (same checks, same order in each). The
 * shown session is where the first check with a mistake of its own failed (else the first
 * not reached, else the first session). A failing result says which session it failed in; a
 * mistake is preferred to a "not reached", and the shown session to the others, so that as
 * many messages as possible point at frames the learner sees.
 */
export function scenarioVerdict(
  names: readonly string[],
  sessions: readonly (readonly CheckResult[])[],
): ScenarioVerdict {
  const checks = sessions[0] ?? [];
  const where = (c: number, test: (r: CheckResult) => boolean): number[] =>
    sessions.flatMap((s, i) => (test(s[c]!) ? [i] : []));
  const firstWith = (test: (r: CheckResult) => boolean): number | undefined => {
    for (const c of checks.keys()) {
      const found = where(c, test);
      if (found.length > 0) return found[0];
    }
    return undefined;
  };
  const shown = firstWith(mistaken) ?? firstWith(failed) ?? 0;
  const results = checks.map((_, c) => {
    const pick = (list: number[]) => (list.includes(shown) ? shown : list[0]);
    const s = pick(where(c, mistaken)) ?? pick(where(c, failed)) ?? shown;
    const result = sessions[s]![c]!;
    const scenario = names[s]!;
    if (!failed(result)) return { ...result, scenario };
    const lead = `In the "${scenario}" session: `;
    return {
      ...result,
      scenario,
      message: lead + result.message,
      parts: [lead, ...result.parts],
    };
  });
  return { results, shown };
}
