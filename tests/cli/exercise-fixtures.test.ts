// `npm run exercise -- fixtures <id>`: the starter, the solution and every fixture folder
// judged by the real harness, shown as check × submission with every message. A folder of two
// of raw-client's fixtures (one mistaken, one correct) keeps the run to four submissions.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../sandbox/harness/run.ts';
import { fixtureTargets, ruleBreaks } from '../../sandbox/cli/fixtures.ts';
import { fixtureDir } from '../exercises/helpers.ts';

const cli = join(process.cwd(), 'sandbox/cli/exercise.ts');
const fixtures = mkdtempSync(join(tmpdir(), 'mcpw-fixtures-'));
for (const name of ['no-jsonrpc', 'ok-crlf']) {
  cpSync(fixtureDir('raw-client', name), join(fixtures, name), { recursive: true });
}

afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

const exercise = (args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });

/** The verdict at the end of a submission's row. */
function verdictOf(table: string, name: string): string | undefined {
  const row = table.split('\n').find((line) => line.startsWith(`${name} `));
  return row?.trim().split(/\s+/).at(-1);
}

describe('exercise fixtures', () => {
  it('shows every submission against every check, then each check with its messages', () => {
    const r = exercise(['fixtures', 'raw-client', '--fixtures', fixtures, '--jobs', '2']);
    expect(r.status, r.stderr).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^raw-client: 4 submissions × \d+ checks\n/);
    expect(verdictOf(out, 'starter')).toBe('failed');
    expect(verdictOf(out, 'solution')).toBe('passed');
    expect(verdictOf(out, 'no-jsonrpc')).toBe('failed');
    expect(verdictOf(out, 'ok-crlf')).toBe('passed');

    // The row's marks line up with the numbered checks below the table.
    const header = out.split('\n').find((l) => l.startsWith('fixture '))!;
    const checks = [...out.matchAll(/^(\d+)\. ([a-z0-9-]+): /gm)].map((m) => m[2]);
    expect(header.match(/\d+/g)).toEqual(checks.map((_, i) => String(i + 1)));
    const noJsonrpc = out.split('\n').find((l) => l.startsWith('no-jsonrpc '))!;
    expect(noJsonrpc).toContain('✗');

    // The mistaken fixture's failing message sits under its check, with its hint.
    const failing = out.split('\n').findIndex((l) => /^ {3}✗ .*no-jsonrpc/.test(l));
    expect(failing, out).toBeGreaterThan(0);
    expect(out.split('\n')[failing + 1]).toMatch(/^ {5}\S/);
    expect(out.split('\n')[failing + 2]).toMatch(/^ {5}hint: /);
    expect(out).toContain('✓ passed  ✗ failed  – not reached (nothing to judge)');
  });

  it.each([
    [['fixtures'], 'fixtures needs an exercise id'],
    [['fixtures', 'raw-client', '--jobs', '0'], '--jobs must be at least 1'],
    [['fixtures', 'raw-client', 'tap'], 'fixtures takes one exercise id (got raw-client tap)'],
    [['fixtures', 'no-such-exercise'], 'unknown exercise "no-such-exercise"'],
  ])('explains a usage error: %j', (args, message) => {
    const r = exercise(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('exercise fixtures <id>');
  });

  it('lists the starter and the solution first, then the fixture folders by name', () => {
    expect(fixtureTargets(fixtures).map((t) => t.name)).toEqual([
      'starter',
      'solution',
      'no-jsonrpc',
      'ok-crlf',
    ]);
    expect(fixtureTargets(join(fixtures, 'none')).map((t) => t.name)).toEqual([
      'starter',
      'solution',
    ]);
  });

  it('names a starter that passes and a solution that fails', () => {
    const summary = (passed: boolean) => ({ verdict: 'completed', passed }) as Summary;
    expect(
      ruleBreaks([
        { target: { name: 'starter' }, summary: summary(true) },
        { target: { name: 'solution', solution: true }, summary: summary(false) },
      ]),
    ).toEqual([
      'the starter passes every check; it must fail at least one',
      'the solution does not pass every check',
    ]);
  });
});
