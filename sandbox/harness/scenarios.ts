// A check run with scenarios (exercise.json run.scenarios): one session per scenario, side by
// side so that a Check takes about as long as its slowest session, each judged by the same
// checks, one verdict from them all (scenario-verdict.ts). The first session's events stream
// as they happen; the others' are held, and the deciding session's are sent after a `session`
// event that says they replace what was shown.
import { rmSync } from 'node:fs';
import type { Check, RunRecord } from '../contract/check.ts';
import type { CheckResult, HarnessEvent } from '../contract/events.ts';
import type { Exercise } from '../exercises/loader.ts';
import type { Scenario } from '../exercises/schema.ts';
import { judgeSessions, type RecordedSession } from './judge.ts';
import { execute, type SessionOptions } from './session.ts';
import { claimWorkFolder, prepareWork } from './work-folder.ts';
import { notify } from './notices.ts';
import { atExit } from './at-exit.ts';

export interface ScenarioRun {
  exercise: Exercise;
  scenarios: readonly Scenario[];
  /** The first session's work folder, prepared by the caller; the others get their own. */
  work: string;
  workRoot: string;
  options: SessionOptions & {
    solution?: boolean;
    workspace?: string;
    keepWork?: boolean;
  };
  emit: (e: HarnessEvent) => void;
  /** Called once the first session's program has started. */
  onStarted: () => void;
  /** The exercise's checks, once every session is over. */
  checks: () => Promise<readonly Check[]>;
}

export interface ScenarioResult {
  /** The shown session's record: its frames are the ones the messages name. */
  record: RunRecord;
  results: CheckResult[];
  /** Every session as recorded, in scenario order. */
  sessions: RecordedSession[];
  /** Processes killed at the end, over all sessions. */
  killed: number;
}

export async function runScenarios(run: ScenarioRun): Promise<ScenarioResult> {
  const { exercise, scenarios, emit } = run;
  const of = scenarios.length;
  const held: HarnessEvent[][] = scenarios.map(() => []);
  const folders: string[] = [];
  const removeFolders = (): void => {
    if (run.options.keepWork) return;
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  };
  const releaseFolders = atExit(removeFolders);
  try {
    emit({
      type: 'session',
      scenario: scenarios[0]!.name,
      index: 0,
      of,
      replaces: false,
      note: `check session 1 of ${of} ("${scenarios[0]!.name}"); the other ${of === 2 ? 'one runs' : `${of - 1} run`} beside it`,
    });
    const sessions = scenarios.map((scenario, i) => {
      let work = run.work;
      if (i > 0) {
        work = claimWorkFolder(run.workRoot, exercise.id);
        folders.push(work);
        // Like the first session's, for the starter to remove if the harness dies first.
        notify({ folder: work });
        prepareWork(exercise, work, run.options);
      }
      const options = { ...run.options, scenarioFlags: scenario.flags };
      const sink = i === 0 ? emit : (e: HarnessEvent) => held[i]!.push(e);
      return execute(exercise, work, options, sink, i === 0 ? run.onStarted : undefined);
    });
    // Every session ends before any verdict: a rejected one must not leave the others running.
    const settled = await Promise.allSettled(sessions);
    const records = settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
    const checks = await run.checks();
    const recorded = records.map((record, i) => ({ scenario: scenarios[i]!.name, record }));
    const verdict = judgeSessions(checks, recorded);
    const shown = verdict.shown;
    if (shown > 0) {
      const name = scenarios[shown]!.name;
      emit({
        type: 'session',
        scenario: name,
        index: shown,
        of,
        replaces: true,
        note: `the verdict was decided in check session ${shown + 1} of ${of} ("${name}"): what follows is that session, in place of session 1`,
      });
      for (const e of held[shown]!) emit(e);
    }
    return {
      record: records[shown]!,
      sessions: recorded,
      results: verdict.results,
      killed: records.reduce((n, r) => n + (r.killed ?? 0), 0),
    };
  } finally {
    releaseFolders();
    removeFolders();
  }
}
