// Most checks of a streamable HTTP client hold a rule of every request it sent ("every POST
// names both media types"), or of every request of its session ("every request after
// initialize carries Mcp-Session-Id"). Written once, as factories of a check's `run`, so a
// check is its rule and its words, and "nothing to judge" reads the same in every exercise.
import type { Outcome, RunRecord } from '../contract/check.ts';
import type { Exchange } from '../wire/exchanges.ts';
import { afterInitialize, issuedSession, type IssuedSession } from './http-session.ts';
import { notReached } from './not-reached.ts';
import { firstFailing, type RuleResult } from './outcome.ts';
import { exchanges } from './query.ts';

type Run = (run: RunRecord) => Outcome;

/** `judge`, once the client sent an HTTP request; before that there is nothing to judge. */
export function onceSent(judge: Run): Run {
  return (run) =>
    exchanges(run).length === 0
      ? notReached('Your client sent no HTTP request to the server.')
      : judge(run);
}

/** The first exchange `rule` fails on, else `passes`; nothing to judge before a request. */
export function everyExchange(rule: (ex: Exchange) => RuleResult, passes: Outcome): Run {
  return onceSent((run) => firstFailing(exchanges(run), rule) ?? passes);
}

/**
 * The first request of the session (after the first successful initialize, up to another)
 * that `rule` fails on, else `passes`; nothing to judge while no session was issued.
 */
export function everyInSession(
  rule: (ex: Exchange, issued: IssuedSession) => RuleResult,
  passes: (issued: IssuedSession) => Outcome,
): Run {
  return (run) => {
    const all = exchanges(run);
    const issued = issuedSession(all);
    if (!issued)
      return notReached('No initialize of yours got a 200 with an Mcp-Session-Id header.');
    return (
      firstFailing(afterInitialize(all, issued.ex), (ex) => rule(ex, issued)) ?? passes(issued)
    );
  };
}
