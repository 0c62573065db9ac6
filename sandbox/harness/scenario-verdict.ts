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

/**
 * `sessions[s][c]` is check c's result in session s (same checks, same order in each). A
 * failing result says which session it failed in; it is taken from the shown session when it
 * failed there too, so that as many messages as possible point at frames the learner sees.
 */
export function scenarioVerdict(
  names: readonly string[],
  sessions: readonly (readonly CheckResult[])[],
): ScenarioVerdict {
  const checks = sessions[0] ?? [];
  const firstFailing = checks.findIndex((_, c) => sessions.some((s) => failed(s[c]!)));
  const shown = firstFailing < 0 ? 0 : sessions.findIndex((s) => failed(s[firstFailing]!));
  const results = checks.map((_, c) => {
    const from = failed(sessions[shown]![c]!) ? shown : sessions.findIndex((s) => failed(s[c]!));
    const s = from < 0 ? shown : from;
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
