// An ungraded check (Check.info) is information, never a failure: the judge marks it, the
// tally counts it apart, the CLI prints it as INFO, the event schema keeps the mark, and the
// workbench shows it neither green nor red.
import { describe, expect, it } from 'vitest';
import { markOf } from '../../components/workbench/checks-dom.ts';
import { checkReport } from '../../sandbox/cli/report.ts';
import type { Check, RunRecord } from '../../sandbox/contract/check.ts';
import { HarnessEvent } from '../../sandbox/contract/events.ts';
import { runChecks } from '../../sandbox/harness/judge.ts';
import type { Summary } from '../../sandbox/harness/run.ts';
import { tally, tallyText } from '../../sandbox/harness/tally.ts';

const graded: Check = {
  id: 'graded',
  title: 'A graded check',
  hint: 'do it',
  run: () => ({ ok: true, message: 'fine' }),
};
const shown = (ok: boolean): Check => ({
  id: 'shown',
  title: 'What an old client meets',
  hint: 'nothing to fix',
  info: true,
  run: () => ({ ok, message: 'it got -32022' }),
});

describe('info checks', () => {
  it('are never a failure, whatever their outcome said', () => {
    for (const ok of [true, false]) {
      const [g, i] = runChecks([graded, shown(ok)], {} as RunRecord);
      expect(i).toMatchObject({ ok: true, info: true, message: 'it got -32022' });
      expect(i).not.toHaveProperty('hint');
      expect(g).not.toHaveProperty('info');
      expect(tally([g!, i!])).toEqual({ passed: 1, failed: 0, notReached: 0, info: 1 });
      expect(tallyText(tally([g!, i!]))).toBe('1 passed, 0 failed, 1 for information');
    }
  });

  it('read as INFO in the CLI and keep their mark in JSON and in events', () => {
    const checks = runChecks([graded, shown(false)], {} as RunRecord);
    const summary = { exercise: 'x', mode: 'check', verdict: 'completed', passed: true, checks };
    const text = checkReport(summary as unknown as Summary, false);
    expect(text).toContain('INFO shown: for information, not graded: it got -32022');
    expect(text).toContain('1 passed, 0 failed, 1 for information');
    const json = JSON.parse(checkReport(summary as unknown as Summary, true)) as {
      checks: object[];
    };
    expect(json.checks[1]).toMatchObject({ id: 'shown', ok: true, info: true });
    const event = HarnessEvent.parse({ type: 'check', ...checks[1] });
    expect(event).toMatchObject({ info: true });
  });

  it('show in the workbench as information, not as passed or failed', () => {
    const [, i] = runChecks([graded, shown(false)], {} as RunRecord);
    expect(markOf(i!)).toEqual({ state: 'info', mark: 'i', label: 'for information, not graded' });
  });
});
