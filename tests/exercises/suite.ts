// The shape every exercise's test takes: the starter fails, the solution passes, each
// mistaken fixture fails the check meant for its mistake (with the message, hint and frame
// meant for it), and each differently written correct fixture passes. All through the real
// harness against the real peer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../sandbox/contract/events.ts';
import type { Summary } from '../../sandbox/harness/run.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRuleTable } from '../../sandbox/exercises/rule-table.ts';
import { check, failures, fixtureDir, fixturesOf, folderOf, unlinkedFrames } from './helpers.ts';
import { fixtureRun, recordOf, type FixtureRun } from './recorded.ts';

/** What a failing check must tell the learner. */
export interface Report {
  /** The check's id. */
  check: string;
  /** Text its message must contain. */
  says: string | string[];
  /**
   * The frame its result must point at; absent means it must point at none. Two frames where
   * the mistake's frame is one of two that cross on the wire (a late result and the cancel that
   * came too late for it), so that either may be recorded first on a loaded machine.
   */
  frame?: number | readonly [number, number];
}

export interface Mistake extends Report {
  /** The fixture folder under the exercise's own fixtures/. */
  name: string;
  /** The mistake makes the programs wait on each other until the time limit. */
  hangs?: boolean;
  /** Run with this seed: the frame the check names depends on the run's data. */
  seed?: number;
}

export interface ExerciseSuite {
  exercise: string;
  /** What a fixture is, for test names: "client", "server", "classify". */
  writes: string;
  /** The check the starter must fail (and what it must say, when given). */
  starter?: Partial<Report> & { check: string };
  /** Further assertions on the starter's or the solution's run. */
  alsoStarter?: (s: Summary) => void;
  alsoSolution?: (s: Summary) => void;
  /**
   * For every check a mistake fails: text its hint must contain. Hints are written for the
   * check, so one entry per check id covers every fixture that fails it.
   */
  hints: Record<string, string>;
  mistakes: Mistake[];
  /** Fixture folders of correct submissions written differently from the solution. */
  correct: string[];
  /** Time limit for a mistake that hangs: room for a slow start, no more. */
  hangMs?: number;
  /** How a hang must be explained from the frames rather than as a bare timeout. */
  hangStory?: RegExp;
}

// Where a result's words and its frame reference are asserted: the one place to change when
// check results carry frame references as structured data.
function expectReport(hit: CheckResult | undefined, want: Omit<Report, 'check'>): void {
  for (const text of [want.says].flat()) expect(hit?.message).toContain(text);
  if (Array.isArray(want.frame)) expect(want.frame).toContain(hit?.frame);
  else expect(hit?.frame).toBe(want.frame);
}

/** Every check's words and frame reference agree (a named frame is the linked one). */
function expectFramesAgree(s: Pick<Summary, 'checks'>): void {
  expect(unlinkedFrames(s)).toBe('');
}

/** A live run of a recorded fixture is judged as its record was, check by check. */
function expectAsRecorded(EX: string, name: string, run: FixtureRun): void {
  const again = `if the change is meant, record it again: npm run --silent exercise -- fixtures ${EX} --record`;
  expect(
    run.disagreements.join('\n'),
    `${name}: a live run disagrees with its record; ${again}`,
  ).toBe('');
}

export function exerciseSuite(suite: ExerciseSuite): void {
  const EX = suite.exercise;
  describe(EX, () => {
    it('fails the starter', async () => {
      const s = await check(EX);
      expect(s.passed).toBe(false);
      if (suite.starter) {
        const { check: id, says = [], frame } = suite.starter;
        const hit = s.checks.find((c) => c.id === id);
        expect(hit?.ok, `${id} in ${failures(s)}`).toBe(false);
        // The starter's frame is pinned only where the suite names one.
        if ('frame' in suite.starter) expectReport(hit, { says, frame });
        else expectReport(hit, { says, frame: hit?.frame });
      }
      suite.alsoStarter?.(s);
      expectFramesAgree(s);
    });

    // The rule table names, per rule, the mistake that breaks it; this suite is where that
    // mistake is run, so it must be here, failing the rule's own check.
    it("runs every rule of its rule table as a mistake failing that rule's check", () => {
      const { dir, folder } = folderOf(EX);
      const rules = readRuleTable(join(dir, 'rules.json'), `${folder}/rules.json`);
      const unrun = rules
        .filter((r) => !suite.mistakes.some((m) => m.name === r.mistake && m.check === r.check))
        .map((r) => `rule "${r.id}": no mistake "${r.mistake}" failing ${r.check}`);
      expect(unrun.join('\n')).toBe('');
    });

    // `exercise fixtures --seeds` knows a correct fixture only by its `ok-` name, so the name
    // and this suite's lists must agree, and no fixture may sit in the folder unjudged.
    it('names every fixture for what it is: ok-… correct, anything else a listed mistake', () => {
      const folder = fixturesOf(EX);
      const listed = new Set([...suite.correct, ...suite.mistakes.map((m) => m.name)]);
      const problems = [
        ...suite.correct.filter((n) => !n.startsWith('ok-')).map((n) => `${n}: correct, not ok-…`),
        ...suite.mistakes
          .filter((m) => m.name.startsWith('ok-'))
          .map((m) => `${m.name}: a mistake named ok-…`),
        ...readdirSync(folder, { withFileTypes: true })
          .filter((d) => d.isDirectory() && !listed.has(d.name))
          .map((d) => `${d.name}: in the folder but in neither list`),
      ];
      expect(problems.join('\n')).toBe('');
    });

    it('passes the solution', async () => {
      const s = await check(EX, { solution: true });
      expect(failures(s)).toBe('');
      expect(s.passed).toBe(true);
      suite.alsoSolution?.(s);
      expectFramesAgree(s);
    });

    // Every fixture folder has its record beside it: the run to judge, or why it runs live.
    it('has a record beside every fixture folder, recorded with its seed', () => {
      const problems = [...suite.correct, ...suite.mistakes.map((m) => m.name)].flatMap((name) => {
        const record = recordOf(EX, name);
        if (!record) return [`${name}: no ${name}.record.json`];
        const seed = suite.mistakes.find((m) => m.name === name)?.seed;
        const used = record.sessions[0]?.record.seed;
        if (seed !== undefined && record.live === undefined && used !== seed) {
          return [
            `${name}: recorded with seed ${used}, the table says ${seed} ` +
              `(--record --seed ${seed} --only ${name})`,
          ];
        }
        return [];
      });
      const fix = `record them: npm run --silent exercise -- fixtures ${EX} --record`;
      expect(problems.join('\n'), fix).toBe('');
    });

    for (const name of suite.correct) {
      it(`passes a correct ${suite.writes} written differently: ${name}`, async () => {
        const s = await fixtureRun(EX, name);
        expectAsRecorded(EX, name, s);
        expect(failures(s)).toBe('');
        expect(s.passed).toBe(true);
        expectFramesAgree(s);
      });
    }

    // Mistakes that hang wait out their time limit idle, so they all start together when
    // the suite does (vitest's it.concurrent would take them five at a time), and each test
    // awaits its own. They are about time, so they always run live; everything else is
    // judged from its record where that is current (recorded.ts), or runs one at a time,
    // because a check run's cuts must reach the program as pieces.
    const hanging = suite.mistakes.filter((m) => m.hangs);
    const hangs = new Map<string, Promise<Summary>>();
    const hangRun = (m: Mistake): Promise<Summary> => {
      let run = hangs.get(m.name);
      if (!run) {
        run = check(EX, {
          dir: fixtureDir(EX, m.name),
          timeoutMs: suite.hangMs ?? 15_000,
          seed: m.seed,
        });
        hangs.set(m.name, run);
      }
      return run;
    };
    beforeAll(() => {
      for (const m of hanging) void hangRun(m).catch(() => {}); // each test sees its failure
    });
    const ordered = [...hanging, ...suite.mistakes.filter((m) => !m.hangs)];
    for (const m of ordered) {
      it(`fails ${m.name} with ${m.check}`, async () => {
        const s = m.hangs ? await hangRun(m) : await fixtureRun(EX, m.name, { seed: m.seed });
        if ('disagreements' in s) expectAsRecorded(EX, m.name, s);
        expect(s.passed).toBe(false);
        const hit = s.checks.find((c) => c.id === m.check);
        expect(hit?.ok, failures(s)).toBe(false);
        expectReport(hit, m);
        expect(suite.hints[m.check], `no hint text listed for ${m.check}`).toBeTypeOf('string');
        expect(hit?.hint).toContain(suite.hints[m.check]);
        expectFramesAgree(s);
        if (m.hangs) {
          expect(s.verdict).toBe('timeout');
          if (suite.hangStory) expect(hit?.message).toMatch(suite.hangStory);
        }
      });
    }
  });
}
