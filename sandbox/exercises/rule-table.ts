// An exercise's rule table (rules.json in its folder): every rule its task states, the check
// that enforces it and the mistake fixture that breaks it. The table is what keeps a task and
// its checks honest with each other: a rule nobody checks lets a learner pass with the mistake,
// and a check no rule names judges something the task never asked for.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError, parseWithFriendlyErrors } from '../input/friendly-errors.ts';

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const Rule = z.strictObject({
  id: z.string().regex(kebab, { message: 'must be kebab-case, like "offers-2025-11-25"' }),
  task: z
    .string()
    .min(12, { message: 'must quote at least 12 characters of task.md that state the rule' }),
  check: z.string().min(1, { message: 'must name the check that enforces the rule' }),
  mistake: z
    .string()
    .regex(/^[\w-]+$/, { message: 'must name a mistake fixture folder, like "reused-id"' }),
  scenario: z.string().min(1).optional(),
});

const RuleTable = z
  .strictObject({ rules: z.array(Rule).min(1, { message: 'must list at least one rule' }) })
  .superRefine((table, ctx) => {
    const seen = new Set<string>();
    table.rules.forEach((rule, i) => {
      if (seen.has(rule.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'id'],
          message: `"${rule.id}" names another rule already; ids are unique`,
        });
      }
      seen.add(rule.id);
    });
  });

export type Rule = z.output<typeof Rule>;

/** The rules of the table at `file`, or an InputError naming the file and each wrong field. */
export function readRuleTable(file: string, shownAs = file): Rule[] {
  if (!existsSync(file)) {
    throw new InputError([`${shownAs}: missing: every exercise lists its task's rules there`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InputError([`${shownAs}: not valid JSON: ${(err as Error).message}`]);
  }
  return parseWithFriendlyErrors(RuleTable, json, { file: shownAs }).rules;
}

/** Markdown's line breaks and indents are not part of a sentence. */
const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface RuleTableInput {
  /** How to name the table in a problem, e.g. "lessons/12-sampling/exercises/ask-the-model/rules.json". */
  file: string;
  rules: readonly Rule[];
  task: string;
  /** The exercise's checks, with `info` for those that are shown but never graded. */
  checks: readonly { id: string; info?: true }[];
  /** The exercise's scenario names; an empty list when it has none. */
  scenarios: readonly string[];
  /** The mistake fixture folder of a name, for seeing whether it exists. */
  fixtureDir: (name: string) => string;
}

/** Where the table, the task and the checks disagree, one sentence each; empty when they agree. */
export function ruleTableProblems(input: RuleTableInput): string[] {
  const { file, rules } = input;
  const problems: string[] = [];
  const task = flat(input.task);
  const graded = new Set(input.checks.filter((c) => c.info !== true).map((c) => c.id));
  const shown = new Set(input.checks.filter((c) => c.info === true).map((c) => c.id));
  for (const rule of rules) {
    const at = `${file}: rule "${rule.id}"`;
    if (!task.includes(flat(rule.task))) {
      problems.push(`${at}: task.md does not say ${JSON.stringify(rule.task)}`);
    }
    if (shown.has(rule.check)) {
      problems.push(`${at}: check "${rule.check}" is shown for information and never fails`);
    } else if (!graded.has(rule.check)) {
      problems.push(`${at}: the exercise has no check "${rule.check}"`);
    }
    if (!existsSync(input.fixtureDir(rule.mistake))) {
      problems.push(`${at}: no mistake fixture folder "${rule.mistake}"`);
    }
    if (rule.scenario !== undefined && !input.scenarios.includes(rule.scenario)) {
      problems.push(`${at}: the exercise has no scenario "${rule.scenario}"`);
    }
  }
  const named = new Set(rules.map((r) => r.check));
  for (const id of graded) {
    if (!named.has(id)) problems.push(`${file}: check "${id}" enforces no rule of the task`);
  }
  return problems;
}
