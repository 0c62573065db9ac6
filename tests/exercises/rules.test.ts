// Every exercise's rule table agrees with its task and its checks: each rule quotes the task,
// names a graded check and a mistake fixture that exists; each graded check enforces a rule.
// (suite.ts holds each rule's mistake to failing that very check.) The planted tables below
// show that each kind of disagreement is caught.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { defaultExercisesRoot, loadExercises } from '../../sandbox/exercises/loader.ts';
import { readRuleTable, ruleTableProblems } from '../../sandbox/exercises/rule-table.ts';
import { InputError } from '../../sandbox/input/friendly-errors.ts';
import { fixtureDir } from './helpers.ts';

/** The scenario names an exercise declares (none until its exercise.json lists some). */
function scenarioNames(meta: { run: object }): string[] {
  const run = meta.run as { scenarios?: { name: string }[] };
  return (run.scenarios ?? []).map((s) => s.name);
}

describe('rule tables', () => {
  for (const exercise of loadExercises(defaultExercisesRoot())) {
    it(`${exercise.id}: every rule is checked and every check enforces a rule`, () => {
      const file = `${exercise.folder}/rules.json`;
      const rules = readRuleTable(join(exercise.dir, 'rules.json'), file);
      const problems = ruleTableProblems({
        file,
        rules,
        task: exercise.task,
        checks: checks[exercise.id] ?? [],
        scenarios: scenarioNames(exercise.meta),
        fixtureDir: (name) => fixtureDir(exercise.id, name),
      });
      expect(problems.join('\n')).toBe('');
    });
  }
});

describe('a rule table that disagrees', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpw-rules-'));
  mkdirSync(join(dir, 'fixtures', 'reused-id'), { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const problemsOf = (
    rules: unknown[],
    checkList: { id: string; info?: true }[] = [{ id: 'request-ids' }],
  ) => {
    const file = join(dir, 'rules.json');
    writeFileSync(file, JSON.stringify({ rules }));
    return ruleTableProblems({
      file: 'rules.json',
      rules: readRuleTable(file, 'rules.json'),
      task: 'You may not give two of your requests\n  the same `id` in one session.',
      checks: checkList,
      scenarios: ['rushed'],
      fixtureDir: (name) => join(dir, 'fixtures', name),
    });
  };
  const good = {
    id: 'unique-ids',
    task: 'give two of your requests the same `id`',
    check: 'request-ids',
    mistake: 'reused-id',
  };

  it('agrees when the rule quotes the task across a line break', () => {
    expect(problemsOf([good])).toEqual([]);
  });

  it('names a quote the task does not hold, a missing check, fixture and scenario', () => {
    expect(
      problemsOf([
        {
          ...good,
          task: 'give every request a fresh id',
          check: 'ids',
          mistake: 'no-such',
          scenario: 'paced',
        },
      ]),
    ).toEqual([
      'rules.json: rule "unique-ids": task.md does not say "give every request a fresh id"',
      'rules.json: rule "unique-ids": the exercise has no check "ids"',
      'rules.json: rule "unique-ids": no mistake fixture folder "no-such"',
      'rules.json: rule "unique-ids": the exercise has no scenario "paced"',
      'rules.json: check "request-ids" enforces no rule of the task',
    ]);
  });

  it('names a graded check no rule mentions, and refuses a rule on an ungraded one', () => {
    expect(
      problemsOf(
        [{ ...good, check: 'shown' }],
        [{ id: 'request-ids' }, { id: 'shown', info: true }],
      ),
    ).toEqual([
      'rules.json: rule "unique-ids": check "shown" is shown for information and never fails',
      'rules.json: check "request-ids" enforces no rule of the task',
    ]);
  });

  it('names the file and the field of a malformed table', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ rules: [{ ...good, id: 'Two Words' }, good, good] }));
    let error: unknown;
    try {
      readRuleTable(file, 'exercises/x/rules.json');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).lines).toEqual([
      'exercises/x/rules.json: rules.0.id: must be kebab-case, like "offers-2025-11-25"',
      'exercises/x/rules.json: rules.2.id: "unique-ids" names another rule already; ids are unique',
    ]);
    expect(() => readRuleTable(join(dir, 'none.json'), 'exercises/y/rules.json')).toThrow(
      'exercises/y/rules.json: missing',
    );
  });
});
