// `exercise fixtures <id> --seeds N`: every submission judged once per seed. A check run's
// seed decides Paper Trail's data and where the tap cuts its bytes, so a check that passes a
// mistake on some seeds lets a learner pass by luck. A mistake must fail on every seed and a
// correct submission pass on every one; a mistake should also fail the same checks each time,
// or the message a learner reads depends on the draw.
import type { FixtureRun, FixtureTarget } from './fixtures.ts';

export type Expectation = 'pass' | 'fail';

/** The solution and folders named `ok-…` are correct; the starter and every other folder not. */
export function expectationOf(target: FixtureTarget): Expectation {
  return target.solution || target.name.startsWith('ok-') ? 'pass' : 'fail';
}

export interface SeedRun {
  seed: number;
  /** true passed, false failed, null the harness could not judge it. */
  passed: boolean | null;
  /** The graded checks that failed, in the order the run reported them. */
  failing: string[];
}

export interface SweepRow {
  name: string;
  expect: Expectation;
  runs: SeedRun[];
}

/** Per target, its runs in seed order: `bySeed[i]` holds every target's run for seeds[i]. */
export function sweepRows(seeds: readonly number[], bySeed: readonly FixtureRun[][]): SweepRow[] {
  const first = bySeed[0] ?? [];
  return first.map(({ target }, t) => ({
    name: target.name,
    expect: expectationOf(target),
    runs: seeds.map((seed, s) => {
      const { summary } = bySeed[s]![t]!;
      return {
        seed,
        passed: summary.verdict === 'error' && !summary.refused ? null : summary.passed === true,
        failing: summary.checks
          .filter((c) => !c.ok && c.info !== true && c.reached !== false)
          .map((c) => c.id),
      };
    }),
  }));
}

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);
const seedList = (runs: readonly SeedRun[]): string =>
  `${plural(runs.length, 'seed', 'seeds')} ${runs.map((r) => r.seed).join(', ')}`;

/** What breaks the sweep's rule, one sentence per submission. */
export function sweepProblems(rows: readonly SweepRow[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const errors = row.runs.filter((r) => r.passed === null);
    if (errors.length > 0) {
      problems.push(`${row.name}: the harness could not judge it on ${seedList(errors)}`);
    }
    const wrong = row.runs.filter((r) => r.passed !== null && r.passed !== (row.expect === 'pass'));
    if (wrong.length > 0) {
      const did = row.expect === 'pass' ? 'failed' : 'passed';
      problems.push(
        `${row.name}: must ${row.expect} on every seed, but ${did} on ${seedList(wrong)}`,
      );
    }
    if (row.expect === 'fail' && wrong.length === 0 && errors.length === 0) {
      const shapes = new Set(row.runs.map((r) => r.failing.join(', ')));
      if (shapes.size > 1) {
        const each = row.runs.map((r) => `seed ${r.seed}: ${r.failing.join(', ')}`).join('; ');
        problems.push(`${row.name}: fails different checks on different seeds (${each})`);
      }
    }
  }
  return problems;
}

function mark(run: SeedRun): string {
  if (run.passed === null) return '!';
  return run.passed ? '✓' : '✗';
}

/** The sweep as a table: submissions down, seeds across, then the tally and every problem. */
export function sweepReport(
  exercise: string,
  seeds: readonly number[],
  rows: readonly SweepRow[],
): string {
  const width = Math.max(8, ...rows.map((r) => r.name.length));
  const lines = [
    `${exercise}: ${rows.length} ${plural(rows.length, 'submission', 'submissions')} × ${seeds.length} ${plural(seeds.length, 'seed', 'seeds')}`,
    `seeds: ${seeds.join(' ')}`,
    '',
    `${'fixture'.padEnd(width)}  must  ${seeds.map((_, i) => String(i + 1).padEnd(3)).join('')}failing checks`,
  ];
  for (const row of rows) {
    const failing = [...new Set(row.runs.flatMap((r) => r.failing))].join(', ');
    lines.push(
      `${row.name.padEnd(width)}  ${row.expect.padEnd(4)}  ${row.runs.map((r) => mark(r).padEnd(3)).join('')}${failing}`,
    );
  }
  const steady = (expect: Expectation) => {
    const of = rows.filter((r) => r.expect === expect);
    const held = of.filter((r) => r.runs.every((run) => run.passed === (expect === 'pass')));
    return `${held.length} of ${of.length}`;
  };
  lines.push('');
  lines.push('✓ passed  ✗ failed  ! harness error');
  lines.push(
    `mistakes failing on every seed: ${steady('fail')}; correct passing on every seed: ${steady('pass')}`,
  );
  const problems = sweepProblems(rows);
  for (const problem of problems) lines.push(`seed-dependent: ${problem}`);
  return `${lines.join('\n')}\n`;
}

/** The sweep as data, for tools and tests. */
export function sweepJson(
  exercise: string,
  seeds: readonly number[],
  rows: readonly SweepRow[],
): string {
  return `${JSON.stringify({ exercise, seeds, submissions: rows, problems: sweepProblems(rows) })}\n`;
}
