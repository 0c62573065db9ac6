// A check with nothing to judge (no frame was sent, no
// case was answered) is not a pass. "0 requests, each with its own id" was green; now such a
// check is not reached, counts as not passed, carries no hint, and every place that shows
// checks (the run's summary, the CLI's lines and JSON, the workbench's rows) says so.
import { describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { HarnessEvent } from '../../sandbox/contract/events.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { markOf } from '../../components/workbench/checks-dom.ts';
import { checkDir, fixture } from './cli.ts';

// One folder for every exercise: the CLI and the harness take the file each one lets the
// learner edit (client.ts, server.ts, outcome.ts), and each of them does nothing.
const NOTHING = fixture('sends-nothing');

const CASES = [
  {
    exercise: 'raw-client',
    notReached: [
      'jsonrpc-frames',
      'one-message-per-line',
      'request-ids',
      'notifications-no-id',
      'known-methods',
      'reads-whole-lines',
      'prints-result',
    ],
  },
  { exercise: 'stdout-is-the-wire', notReached: ['stdout-only-jsonrpc', 'tool-works'] },
  {
    exercise: 'two-kinds-of-failure',
    notReached: [
      'labels',
      'successes',
      'tool-errors',
      'protocol-errors',
      'text-for-model',
      'nothing-for-model',
    ],
  },
];

describe('a learner program that sends nothing', () => {
  it.each(CASES)('$exercise: no check passes over nothing', async ({ exercise, notReached }) => {
    const events: HarnessEvent[] = [];
    const summary = await runExercise(
      { exercise, mode: 'check', workspace: NOTHING, timeoutMs: 15_000, checks },
      (e) => events.push(e),
    );
    // The events on the wire still fit the one schema the runtimes carry.
    for (const e of events) HarnessEvent.parse(e);
    expect(summary.checks.filter((c) => c.ok).map((c) => c.id)).toEqual([]);
    const unreached = summary.checks.filter((c) => c.reached === false);
    expect(unreached.map((c) => c.id)).toEqual(notReached);
    for (const c of unreached) {
      expect(c.ok).toBe(false);
      expect(c.hint, `${c.id} is no mistake of its own`).toBeUndefined();
      expect(markOf(c)).toEqual({ state: 'not-reached', mark: '–', label: 'not reached' });
    }
    // Something must still fail and say why the others were not reached.
    expect(summary.checks.some((c) => c.reached !== false && !c.ok)).toBe(true);
    expect(summary.passed).toBe(false);
    const done = events.find((e) => e.type === 'done');
    expect(done).toMatchObject({ passed: false });
    expect(summary.summary).toMatch(
      new RegExp(`^0 passed, \\d+ failed, ${notReached.length} not reached \\(`),
    );
  });

  it('the CLI prints not reached apart from pass and fail, in text and JSON', () => {
    const human = checkDir('raw-client', NOTHING, '--timeout-ms', '15000');
    expect(human.code, human.err).toBe(1);
    const lines = human.out.trimEnd().split('\n');
    const unreached = lines.filter((l) => l.startsWith('–'));
    expect(unreached).toHaveLength(7);
    expect(unreached[0]).toBe(
      '–    jsonrpc-frames: not reached: Your client sent no frames, so there were none to judge.',
    );
    for (const l of unreached) expect(l).not.toContain('hint:');
    expect(lines.filter((l) => l.startsWith('PASS'))).toEqual([]);
    expect(lines.at(-1)).toBe('0 passed, 4 failed, 7 not reached');

    const json = checkDir('raw-client', NOTHING, '--timeout-ms', '15000', '--json');
    const report = JSON.parse(json.out) as {
      passed: boolean;
      checks: { id: string; ok: boolean; reached?: false }[];
    };
    expect(report.passed).toBe(false);
    expect(report.checks.find((c) => c.id === 'request-ids')).toMatchObject({
      ok: false,
      reached: false,
    });
    expect(report.checks.find((c) => c.id === 'handshake')).not.toHaveProperty('reached');
  });

  it('the workbench marks passed, failed and not reached apart', () => {
    const base = { id: 'x', title: 'x', message: 'm', parts: ['m'] };
    expect(markOf({ ...base, ok: true })).toMatchObject({ state: 'ok', label: 'passed' });
    expect(markOf({ ...base, ok: false })).toMatchObject({ state: 'fail', label: 'failed' });
    expect(markOf({ ...base, ok: false, reached: false })).toMatchObject({
      state: 'not-reached',
      label: 'not reached',
    });
  });
});
