// Runs an exercise's checks on one finished run. A check that throws fails with the reason
// instead of taking the others down with it.
import type { Check, CheckResult, Outcome, RunRecord } from '../contract/check.ts';
import type { MessagePart } from '../contract/events.ts';
import { scenarioVerdict, type ScenarioVerdict } from './scenario-verdict.ts';

export function runChecks(checks: readonly Check[], record: RunRecord): CheckResult[] {
  return checks.map((check) => {
    let outcome: Outcome;
    try {
      outcome = check.run(record);
    } catch (err) {
      outcome = { ok: false, message: `the checker itself failed: ${(err as Error).message}` };
    }
    const result: CheckResult = {
      id: check.id,
      title: check.title,
      ok: outcome.ok,
      message: String(outcome.message),
      parts: partsOf(outcome.message),
    };
    // An ungraded check is information whatever it found: not a pass, never a failure.
    if (check.info) {
      result.ok = true;
      result.info = true;
    }
    // Not reached is not a mistake of this check's kind: its hint would send the learner
    // after the wrong thing.
    else if (outcome.reached === false) result.reached = false;
    else if (!outcome.ok) result.hint = outcome.hint ?? check.hint;
    if (outcome.frame !== undefined) result.frame = outcome.frame;
    return result;
  });
}

function partsOf(message: Outcome['message']): MessagePart[] {
  return typeof message === 'string' ? [message] : [...message.parts];
}

/** One session of a check run as recorded: its scenario's name, when the exercise has them. */
export interface RecordedSession {
  scenario?: string;
  record: RunRecord;
}

/**
 * The verdict of a check run from its sessions: the checks on the one session, or one
 * verdict over every scenario's (scenario-verdict.ts). The harness judges a run it just
 * made with this, and the tests judge a stored run with it, so both read the same verdict.
 */
export function judgeSessions(
  checks: readonly Check[],
  sessions: readonly RecordedSession[],
): ScenarioVerdict {
  if (sessions.length === 1 && sessions[0]!.scenario === undefined) {
    return { results: runChecks(checks, sessions[0]!.record), shown: 0 };
  }
  return scenarioVerdict(
    sessions.map((s) => s.scenario ?? ''),
    sessions.map((s) => runChecks(checks, s.record)),
  );
}
