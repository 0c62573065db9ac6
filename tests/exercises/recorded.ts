// How a fixture's run reaches its test: judged from its stored record (fixtures/<name>.record.json)
// when the record is current, else run live. Live runs happen for a fixture recorded as
// "live" (it ends at a limit), for one whose record's inputs changed (record-inputs.ts: the
// engine, the exercise's run files, its own files), and for every fixture when
// MCPW_FIXTURES=live (the live lane). A live run of a recorded fixture is compared with its
// record: a check that passes in one and fails in the other fails the test, since either the
// engine changed what learners meet or the record is out of date.
import { fileURLToPath } from 'node:url';
import type { CheckResult } from '../../sandbox/contract/events.ts';
import type { Verdict } from '../../sandbox/contract/check.ts';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import {
  judgeFixtureRecord,
  readFixtureRecord,
  recordPath,
  seedOf,
  type FixtureRecord,
} from '../../sandbox/cli/fixture-records.ts';
import { recordState } from '../../sandbox/cli/record-fixtures.ts';
import { check, fixtureDir, fixturesOf, folderOf } from './helpers.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The live lane: every fixture runs, and every record is compared with its run. */
export const LIVE_LANE = process.env.MCPW_FIXTURES === 'live';

export interface FixtureRun {
  verdict: Verdict;
  passed: boolean | undefined;
  checks: CheckResult[];
  /** How the run was had: from its record, or live (and why). */
  how: 'recorded' | { live: string };
  /** Where a live run and its record disagree, one line per check; empty when they agree. */
  disagreements: string[];
}

export function recordOf(exercise: string, name: string): FixtureRecord | undefined {
  return readFixtureRecord(recordPath(fixturesOf(exercise), name));
}

/** Why this fixture must run live now, or undefined when its record can be judged. */
export function whyLive(exercise: string, name: string): string | undefined {
  const found = recordState(REPO, folderOf(exercise).dir, fixturesOf(exercise), name);
  if (found.state !== 'current') return found.why;
  return LIVE_LANE ? 'the live lane (MCPW_FIXTURES=live)' : undefined;
}

/** What a verdict says check by check: passed, failed, or not reached. */
function marks(results: readonly CheckResult[]): Map<string, string> {
  return new Map(
    results.map((r) => [r.id, r.ok ? 'passes' : r.reached === false ? 'is not reached' : 'fails']),
  );
}

export function disagreements(
  recorded: readonly CheckResult[],
  live: readonly CheckResult[],
): string[] {
  const before = marks(recorded);
  const now = marks(live);
  const ids = [...new Set([...before.keys(), ...now.keys()])];
  return ids
    .filter((id) => before.get(id) !== now.get(id))
    .map(
      (id) =>
        `${id} ${before.get(id) ?? 'is absent'} in the record, ${now.get(id) ?? 'is absent'} live`,
    );
}

export async function fixtureRun(
  exercise: string,
  name: string,
  options: { seed?: number; timeoutMs?: number } = {},
): Promise<FixtureRun> {
  const record = recordOf(exercise, name);
  const exerciseChecks = checks[exercise] ?? [];
  const live = whyLive(exercise, name);
  if (live === undefined) {
    return { ...judgeFixtureRecord(exerciseChecks, record!), how: 'recorded', disagreements: [] };
  }
  // A live run keeps the record's seed, so that the same data and the same cuts are judged.
  const seed = (record && seedOf(record)) ?? options.seed;
  const summary = await check(exercise, {
    dir: fixtureDir(exercise, name),
    timeoutMs: options.timeoutMs,
    seed,
  });
  const stored =
    record && record.live === undefined ? judgeFixtureRecord(exerciseChecks, record) : undefined;
  return {
    verdict: summary.verdict,
    passed: summary.passed,
    checks: summary.checks,
    how: { live },
    disagreements: stored ? disagreements(stored.checks, summary.checks) : [],
  };
}
