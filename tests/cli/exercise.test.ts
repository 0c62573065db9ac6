// The exercise CLI: list, check with human and --json output that agree, exit codes 0/1/2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNERASABLE, UNERASABLE_DONE, UNERASABLE_STDERR } from '../runtime/contract.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../sandbox/cli/exercise.ts', import.meta.url));
/** A fixture of two-kinds-of-failure, in its folder. */
const fixture = (name: string) =>
  join(exerciseFolderOf('two-kinds-of-failure', ROOT)!.dir, 'fixtures', name);

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface JsonReport {
  exercise: string;
  passed: boolean;
  checks: { id: string; title: string; ok: boolean; message: string }[];
}

describe('exercise CLI', () => {
  it('lists the exercises through npm run --silent', () => {
    const r = spawnSync('npm', ['run', '--silent', 'exercise', '--', 'list'], {
      encoding: 'utf8',
      cwd: ROOT,
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/)[0]);
    expect(ids).toEqual(
      expect.arrayContaining(['raw-client', 'two-kinds-of-failure', 'stdout-is-the-wire']),
    );
  });

  it('agrees between human and --json output on a failing starter (exit 1)', () => {
    // One seed for both: the starter's messages quote Paper Trail's data, which varies per run.
    const human = cli('check', 'two-kinds-of-failure', '--seed', '7');
    const json = cli('check', 'two-kinds-of-failure', '--seed', '7', '--json');
    expect(human.code).toBe(1);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out) as JsonReport;
    expect(report.exercise).toBe('two-kinds-of-failure');
    expect(report.passed).toBe(false);
    const failed = report.checks.filter((c) => !c.ok).length;
    const lines = human.out.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`${report.checks.length - failed} passed, ${failed} failed`);
    // One line per check, in order, then the count.
    expect(lines).toHaveLength(report.checks.length + 1);
    report.checks.forEach((c, i) => {
      expect(lines[i].startsWith(`${c.ok ? 'PASS' : 'FAIL'} ${c.id}: ${c.message}`)).toBe(true);
    });
  });

  it('passes the solution and a --dir folder (exit 0)', () => {
    const solution = cli('check', 'two-kinds-of-failure', '--solution', '--json');
    expect(solution.code).toBe(0);
    expect(JSON.parse(solution.out)).toMatchObject({ passed: true });
    const dir = fixture('ok-switch');
    const human = cli('check', 'two-kinds-of-failure', '--dir', dir);
    expect(human.code).toBe(0);
    expect(human.out.trimEnd().split('\n').at(-1)).toBe('7 passed, 0 failed');
  });

  // The runtimes' contract refuses the same file with the same words (tests/runtime/contract.ts).
  it('refuses TypeScript Node cannot strip as every runtime does: the line, then exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpw-unerasable-'));
    try {
      writeFileSync(join(dir, 'client.ts'), UNERASABLE);
      const human = cli('check', 'raw-client', '--dir', dir);
      expect(human.code).toBe(1);
      expect(human.err).toBe(`${UNERASABLE_STDERR}run ended: ${UNERASABLE_DONE.summary}.\n`);
      const json = cli('check', 'raw-client', '--dir', dir, '--json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.out)).toMatchObject({
        passed: false,
        verdict: UNERASABLE_DONE.verdict,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a mistaken --dir folder with exit 1', () => {
    const dir = fixture('swapped');
    const r = cli('check', 'two-kinds-of-failure', '--dir', dir, '--json');
    expect(r.code).toBe(1);
    expect((JSON.parse(r.out) as JsonReport).checks.find((c) => c.id === 'tool-errors')?.ok).toBe(
      false,
    );
  });

  // A dozen CLI starts in a row: on a loaded 2-core box each can take seconds.
  it('exits 2 with a friendly message on usage errors', () => {
    const cases: [string[], string][] = [
      [[], 'no command given'],
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['check'], 'check needs an exercise id'],
      [['check', 'no-such-exercise'], 'unknown exercise "no-such-exercise"'],
      [['check', 'raw-client', '--dir', 'x', '--solution'], 'use either --dir or --solution'],
      [['check', 'raw-client', '--verbose'], "Unknown option '--verbose'"],
      [['check', 'Raw Client'], 'lower-case words joined by "-"'],
      [['check', 'raw-client', '--timeout-ms', 'soon'], '--timeout-ms must be a whole number'],
      [['check', 'raw-client', '--timeout-ms', '99999999'], '--timeout-ms must be at most 120000'],
      [['check', 'raw--client'], 'lower-case words joined by "-"'],
      [['check', 'raw-client', 'two-kinds-of-failure'], 'check takes one exercise id'],
      [['run'], 'run needs an exercise id'],
      [['run', 'raw-client', '--json'], '--json is for check'],
    ];
    for (const [args, says] of cases) {
      const r = cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain(says);
      expect(r.err).toContain('usage:');
    }
  }, 120_000);
});
