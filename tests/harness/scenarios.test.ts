// Check runs with scenarios: exercise.json's run.scenarios is read with friendly errors, one
// verdict comes from all the sessions (a check passes only when it passed in each, and says
// which session it failed in), and the harness runs the sessions side by side, streams the
// first and replays the deciding one after a `session` event, against the real Paper Trail.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { runEventText } from '../../sandbox/cli/report.ts';
import type { CheckResult } from '../../sandbox/contract/events.ts';
import { ExerciseMeta } from '../../sandbox/exercises/schema.ts';
import { parseWithFriendlyErrors } from '../../sandbox/input/friendly-errors.ts';
import { scenarioVerdict } from '../../sandbox/harness/scenario-verdict.ts';
import { collect } from './helpers.ts';
import { fixtureDir } from '../exercises/helpers.ts';

const result = (id: string, ok: boolean, message: string, frame?: number): CheckResult => ({
  id,
  title: id,
  ok,
  message,
  parts: frame === undefined ? [message] : [{ frame, text: message }],
  ...(frame !== undefined && { frame }),
});

describe('scenarioVerdict', () => {
  const names = ['rushed', 'paced'];

  it('passes a check only when it passed in every session, and shows the first', () => {
    const all = scenarioVerdict(names, [
      [result('a', true, 'fine in rushed', 1)],
      [result('a', true, 'fine in paced', 2)],
    ]);
    expect(all.shown).toBe(0);
    expect(all.results).toEqual([
      { ...result('a', true, 'fine in rushed', 1), scenario: 'rushed' },
    ]);
  });

  it('shows the session of the first failing check and names it in every failure', () => {
    const v = scenarioVerdict(names, [
      [result('a', true, 'ok'), result('b', false, 'b broke here', 3)],
      [result('a', false, 'a broke', 4), result('b', false, 'b broke there', 5)],
    ]);
    expect(v.shown).toBe(1);
    expect(v.results[0]).toMatchObject({
      ok: false,
      scenario: 'paced',
      message: 'In the "paced" session: a broke',
      frame: 4,
    });
    // b failed in both: the shown session's failure, whose frame is on screen, is the one told.
    expect(v.results[1]).toMatchObject({
      scenario: 'paced',
      message: 'In the "paced" session: b broke there',
      frame: 5,
    });
    expect(v.results[1]!.parts).toEqual([
      'In the "paced" session: ',
      { frame: 5, text: 'b broke there' },
    ]);
  });

  it('tells a mistake rather than a check not reached in the shown session', () => {
    const notReached = { ...result('b', false, 'nothing to judge'), reached: false as const };
    const v = scenarioVerdict(names, [
      [result('a', true, 'ok'), notReached],
      [result('a', true, 'ok'), result('b', false, 'b broke', 2)],
    ]);
    expect(v.shown).toBe(1);
    expect(v.results[1]).toMatchObject({ message: 'In the "paced" session: b broke', frame: 2 });
    const w = scenarioVerdict(names, [
      [result('a', false, 'a broke', 1), notReached],
      [result('a', true, 'ok'), result('b', false, 'b broke', 2)],
    ]);
    expect(w.shown).toBe(0);
    expect(w.results[1]).toMatchObject({
      scenario: 'paced',
      message: 'In the "paced" session: b broke',
    });
  });

  it('keeps a failure from a session that is not shown, marked with its session', () => {
    const v = scenarioVerdict(names, [
      [result('a', false, 'a broke', 1), result('b', true, 'ok')],
      [result('a', true, 'ok'), result('b', false, 'b broke', 2)],
    ]);
    expect(v.shown).toBe(0);
    expect(v.results[1]).toMatchObject({ ok: false, scenario: 'paced', frame: 2 });
  });
});

describe('run.scenarios in exercise.json', () => {
  const meta = (
    scenarios: unknown,
    peer: unknown = { server: 'paper-trail', transport: 'stdio' },
  ) => ({
    title: 't',
    summary: 's',
    files: { editable: ['client.ts'] },
    run: { program: 'client.ts', peer, scenarios },
    howToRun: 'node client.ts',
    hints: ['h'],
  });
  const parse = (raw: unknown) =>
    parseWithFriendlyErrors(ExerciseMeta, raw, { file: 'exercise.json' });

  it('takes named flag sets', () => {
    const two = [
      { name: 'rushed', flags: ['--pace', 'rushed'] },
      { name: 'paced', flags: ['--pace', 'paced'] },
    ];
    expect(parse(meta(two)).run.scenarios).toEqual(two);
  });

  it('says what is wrong in a sentence that names the field', () => {
    const one = [{ name: 'rushed', flags: [] }];
    expect(() => parse(meta(one))).toThrow(/scenarios.*at least two scenarios/s);
    const twins = [
      { name: 'a', flags: [] },
      { name: 'a', flags: ['--x'] },
    ];
    expect(() => parse(meta(twins))).toThrow(/every scenario needs a name of its own/);
    const shout = [
      { name: 'Rushed', flags: [] },
      { name: 'b', flags: [] },
    ];
    expect(() => parse(meta(shout))).toThrow(/kebab-case/);
    const ok = [
      { name: 'a', flags: [] },
      { name: 'b', flags: [] },
    ];
    expect(() => parse(meta(ok, { server: { file: 'server.ts' }, transport: 'stdio' }))).toThrow(
      /scenarios: .*a file of the exercise takes none/,
    );
  });
});

describe('a check run with scenarios (cancel-in-flight: paced, rushed)', () => {
  const fixture = (name: string) => fixtureDir('cancel-in-flight', name);
  it('replays the rushed session when only it fails, and names it in the failure', async () => {
    // A folder of this test's own: other test files run side by side in the shared
    // .workspaces, so only an empty private one says that this run cleaned up after itself.
    const workRoot = mkdtempSync(join(tmpdir(), 'mcpw-scenarios-'));
    // Printing the result of a cancelled call shows only when the server rushed it out
    // before it read the cancel: a paced server sends none.
    const { events, summary } = await collect({
      exercise: 'cancel-in-flight',
      mode: 'check',
      workspace: fixture('prints-late-result'),
      seed: 1,
      checks,
      workRoot,
    });
    expect(events[0]).toMatchObject({
      type: 'session',
      scenario: 'paced',
      index: 0,
      of: 2,
      replaces: false,
    });
    const replay = events.findIndex((e) => e.type === 'session' && e.replaces);
    const told = summary.checks.filter((c) => !c.ok).map((c) => `${c.id}: ${c.message}`);
    expect(replay, told.join('\n')).toBeGreaterThan(0);
    expect(events[replay]).toMatchObject({ scenario: 'rushed', index: 1, of: 2 });
    const frames = (from: number, to: number) =>
      events.slice(from, to).filter((e) => e.type === 'frame');
    // The replayed session starts its frames at 0 again: a page drops the first session's.
    expect(frames(replay, events.length)[0]).toMatchObject({ seq: 0 });
    expect(frames(0, replay).length).toBeGreaterThan(0);
    const late = summary.checks.find((c) => c.id === 'ignores-late-reply');
    expect(late).toMatchObject({ ok: false, scenario: 'rushed' });
    expect(late!.message).toMatch(/^In the "rushed" session: You printed the result/);
    expect(summary.checks.filter((c) => !c.ok)).toHaveLength(1);
    expect(summary.passed).toBe(false);
    // Every check result comes after the replay, and the session note reads in a terminal.
    const firstCheck = events.findIndex((e) => e.type === 'check');
    expect(firstCheck).toBeGreaterThan(replay);
    expect(runEventText(events[replay]!)?.text).toMatch(
      /^\[the verdict was decided in check session 2 of 2 \("rushed"\)/,
    );
    expect(readdirSync(workRoot)).toEqual([]);
    rmSync(workRoot, { recursive: true });
  });

  it('passes the solution in both sessions and shows the first', async () => {
    const { events, summary } = await collect({
      exercise: 'cancel-in-flight',
      mode: 'check',
      solution: true,
      seed: 2,
      checks,
    });
    expect(summary.passed).toBe(true);
    expect(events.filter((e) => e.type === 'session')).toHaveLength(1);
    expect(new Set(summary.checks.map((c) => c.scenario))).toEqual(new Set(['paced']));
  });

  it('runs one plain session in run mode', async () => {
    const { events, summary } = await collect({
      exercise: 'cancel-in-flight',
      mode: 'run',
      solution: true,
      checks,
    });
    expect(summary.verdict).toBe('completed');
    expect(events.some((e) => e.type === 'session')).toBe(false);
  });
});
