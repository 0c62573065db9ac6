// `npm run --silent exercise -- fixtures <id>`: the starter, the solution and every fixture
// folder of an exercise judged by the real harness, then one table of check × fixture and,
// check by check, every message those runs produced. An author reads there every message a
// learner can get, and which submissions get it.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Check } from '../contract/check.ts';
import type { CheckResult } from '../contract/events.ts';
import { runExercise, type Summary } from '../harness/run.ts';
import type { RecordedSession } from '../harness/judge.ts';

export interface FixtureTarget {
  /** "starter", "solution" or the fixture's folder name. */
  name: string;
  solution?: boolean;
  dir?: string;
}

export interface FixtureRun {
  target: FixtureTarget;
  summary: Summary;
}

/** The starter, the solution, then the folders under `fixturesDir` in name order. */
export function fixtureTargets(fixturesDir: string): FixtureTarget[] {
  const folders = existsSync(fixturesDir)
    ? readdirSync(fixturesDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];
  return [
    { name: 'starter' },
    { name: 'solution', solution: true },
    ...folders.map((name) => ({ name, dir: join(fixturesDir, name) })),
  ];
}

export interface FixtureRunOptions {
  exercise: string;
  exercisesRoot: string;
  checks: Record<string, readonly Check[]>;
  /** Runs at once: each is a learner program, a tap and a peer, so a few, not all. */
  jobs: number;
  timeoutMs?: number;
  /** One seed for every run (a seed sweep runs the targets once per seed). */
  seed?: number;
  /** A target's own seed where no `seed` is given (a recorded fixture keeps its record's). */
  seedFor?: (target: FixtureTarget) => number | undefined;
  /** Given every session a target's run recorded, with the run's summary (--record). */
  recorded?: (
    target: FixtureTarget,
    sessions: readonly RecordedSession[],
    summary: Summary,
  ) => void;
}

/** Every target judged, at most `jobs` at a time; results in the targets' order. */
export async function runFixtures(
  targets: readonly FixtureTarget[],
  options: FixtureRunOptions,
): Promise<FixtureRun[]> {
  const runs: FixtureRun[] = new Array(targets.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < targets.length; i = next++) {
      const target = targets[i]!;
      let sessions: readonly RecordedSession[] = [];
      const summary = await runExercise(
        {
          exercise: options.exercise,
          mode: 'check',
          exercisesRoot: options.exercisesRoot,
          solution: target.solution,
          workspace: target.dir,
          timeoutMs: options.timeoutMs,
          seed: options.seed ?? options.seedFor?.(target),
          checks: options.checks,
          onRecorded: (recorded) => (sessions = recorded),
        },
        () => {},
      );
      options.recorded?.(target, sessions, summary);
      runs[i] = { target, summary };
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.jobs, targets.length)) }, worker),
  );
  return runs;
}

/** One cell: passed, failed, not reached (nothing to judge), or shown for information. */
function mark(c: CheckResult | undefined): string {
  if (!c) return ' ';
  if (c.info === true) return 'i';
  if (c.reached === false) return '–';
  return c.ok ? '✓' : '✗';
}

function verdictWord(s: Summary): string {
  if (s.verdict === 'error' && !s.refused) return 'harness error';
  return s.passed ? 'passed' : 'failed';
}

/** The check ids in the order the runs report them (every run has the same checks). */
function checkIds(runs: readonly FixtureRun[]): { id: string; title: string }[] {
  const seen = new Map<string, string>();
  for (const run of runs) for (const c of run.summary.checks) seen.set(c.id, c.title);
  return [...seen].map(([id, title]) => ({ id, title }));
}

/** Where the authoring rule breaks: a starter that passes, a solution that fails. */
export function ruleBreaks(runs: readonly FixtureRun[]): string[] {
  const problems: string[] = [];
  for (const { target, summary } of runs) {
    if (target.name === 'starter' && summary.passed === true) {
      problems.push('the starter passes every check; it must fail at least one');
    }
    if (target.name === 'solution' && summary.passed !== true) {
      problems.push('the solution does not pass every check');
    }
    if (summary.verdict === 'error' && !summary.refused) {
      problems.push(`${target.name}: the harness could not judge it: ${summary.summary}`);
    }
  }
  return problems;
}

/** The table (fixtures down, checks across by number), then every message by check. */
export function fixturesReport(exercise: string, runs: readonly FixtureRun[]): string {
  const checks = checkIds(runs);
  const nameWidth = Math.max(8, ...runs.map((r) => r.target.name.length));
  const numbers = checks.map((_, i) => String(i + 1));
  const colWidth = Math.max(...numbers.map((n) => n.length), 1) + 1;
  const lines: string[] = [];
  lines.push(`${exercise}: ${runs.length} submissions × ${checks.length} checks`);
  lines.push('');
  lines.push(
    `${'fixture'.padEnd(nameWidth)}  ${numbers.map((n) => n.padEnd(colWidth)).join('')} verdict`,
  );
  for (const { target, summary } of runs) {
    const cells = checks.map(({ id }) =>
      mark(summary.checks.find((c) => c.id === id)).padEnd(colWidth),
    );
    lines.push(`${target.name.padEnd(nameWidth)}  ${cells.join('')} ${verdictWord(summary)}`);
  }
  lines.push('');
  lines.push('✓ passed  ✗ failed  – not reached (nothing to judge)  i shown, not graded');
  lines.push('');
  checks.forEach(({ id, title }, i) => {
    lines.push(`${i + 1}. ${id}: ${title}`);
    // Runs that got the same words are listed together: one line per distinct message.
    const groups = new Map<string, { mark: string; hint?: string; names: string[] }>();
    for (const { target, summary } of runs) {
      const c = summary.checks.find((r) => r.id === id);
      if (!c) continue;
      const key = `${mark(c)}\u0000${c.message}`;
      const group = groups.get(key) ?? {
        mark: mark(c),
        hint: c.ok ? undefined : c.hint,
        names: [],
      };
      group.names.push(target.name);
      groups.set(key, group);
    }
    for (const [key, group] of groups) {
      const message = key.slice(key.indexOf('\u0000') + 1).replace(/\n/g, ' ');
      lines.push(`   ${group.mark} ${group.names.join(', ')}`);
      lines.push(`     ${message}`);
      if (group.hint) lines.push(`     hint: ${group.hint}`);
    }
  });
  const errors = runs.filter((r) => r.summary.verdict === 'error' && !r.summary.refused);
  for (const { target, summary } of errors) {
    lines.push(`${target.name}: harness error: ${summary.summary}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The same runs as data, for tools: per submission its verdict and every check's words. */
export function fixturesJson(exercise: string, runs: readonly FixtureRun[]): string {
  return `${JSON.stringify({
    exercise,
    submissions: runs.map(({ target, summary }) => ({
      name: target.name,
      verdict: summary.verdict,
      passed: summary.passed === true,
      checks: summary.checks.map(({ id, ok, reached, info, message, hint, frame }) => ({
        id,
        ok,
        ...(frame !== undefined && { frame }),
        ...(reached === false && { reached }),
        ...(info === true && { info }),
        message,
        ...(!ok && hint !== undefined && { hint }),
      })),
    })),
  })}\n`;
}
