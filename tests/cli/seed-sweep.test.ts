// `exercise fixtures <id> --seeds N`: every submission judged on N seeds, and a verdict that
// changes with the seed (or a mistake that passes, a correct submission that fails) named.
// A correct client copied under a mistake's name must be reported, as a seed-lucky mistake is.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepProblems, type SweepRow } from '../../sandbox/cli/seed-sweep.ts';
import { fixturesOf } from '../exercises/helpers.ts';

const cli = join(process.cwd(), 'sandbox/cli/exercise.ts');
const fixtures = mkdtempSync(join(tmpdir(), 'mcpw-sweep-'));
const from = fixturesOf('raw-client');
cpSync(join(from, 'no-jsonrpc'), join(fixtures, 'no-jsonrpc'), { recursive: true });
cpSync(join(from, 'ok-crlf'), join(fixtures, 'ok-crlf'), { recursive: true });
// A correct client filed as a mistake: it passes, so the sweep must call it out.
cpSync(join(from, 'ok-crlf'), join(fixtures, 'passes-anyway'), { recursive: true });

afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

const sweep = (...extra: string[]) =>
  spawnSync(
    process.execPath,
    [cli, 'fixtures', 'raw-client', '--fixtures', fixtures, '--seeds', '2', ...extra],
    { encoding: 'utf8', timeout: 240_000 },
  );

describe('exercise fixtures --seeds', () => {
  it('runs every submission on every seed and names the one whose verdict is wrong', () => {
    const r = sweep('--jobs', '3');
    expect(r.status, r.stderr).toBe(1);
    const out = r.stdout;
    expect(out).toMatch(/^raw-client: 5 submissions × 2 seeds\nseeds: \d+ \d+\n/);
    const row = (name: string) => out.split('\n').find((l) => l.startsWith(`${name} `)) ?? '';
    expect(row('starter')).toMatch(/^starter +fail +✗ +✗ /);
    expect(row('solution')).toMatch(/^solution +pass +✓ +✓ *$/);
    expect(row('no-jsonrpc')).toMatch(/^no-jsonrpc +fail +✗ +✗ +.*jsonrpc-frames/);
    expect(row('ok-crlf')).toMatch(/^ok-crlf +pass +✓ +✓ *$/);
    expect(row('passes-anyway')).toMatch(/^passes-anyway +fail +✓ +✓ *$/);
    expect(out).toContain(
      'mistakes failing on every seed: 2 of 3; correct passing on every seed: 2 of 2',
    );
    expect(out).toMatch(
      /seed-dependent: passes-anyway: must fail on every seed, but passed on seeds \d+, \d+\n/,
    );
  });

  it('names a mistake whose failing checks change with the seed', () => {
    const row = (failing: string[][]): SweepRow => ({
      name: 'chunk-is-message',
      expect: 'fail',
      runs: failing.map((f, i) => ({ seed: i + 1, passed: false, failing: f })),
    });
    expect(sweepProblems([row([['reads-whole-lines'], ['reads-whole-lines']])])).toEqual([]);
    expect(sweepProblems([row([['reads-whole-lines'], ['prints-result']])])).toEqual([
      'chunk-is-message: fails different checks on different seeds (seed 1: reads-whole-lines; seed 2: prints-result)',
    ]);
    expect(
      sweepProblems([
        { name: 'ok-x', expect: 'pass', runs: [{ seed: 7, passed: null, failing: [] }] },
      ]),
    ).toEqual(['ok-x: the harness could not judge it on seed 7']);
  });

  it('refuses a count of seeds out of range', () => {
    const r = spawnSync(process.execPath, [cli, 'fixtures', 'raw-client', '--seeds', '0'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--seeds must be at least 1');
  });
});
