// Recorded fixture runs: `exercise fixtures <id> --record` stores each fixture's run beside
// its folder, `--recorded` judges the stored runs with today's checks and says what the live
// runs said; a record knows what it depended on, and a broken one is named with its field.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixtureRecord, recordPath } from '../../sandbox/cli/fixture-records.ts';
import { changedInputs, recordInputs } from '../../sandbox/cli/record-inputs.ts';
import { fixtureDir } from '../exercises/helpers.ts';
import { disagreements } from '../exercises/recorded.ts';
import type { CheckResult } from '../../sandbox/contract/events.ts';

const cli = join(process.cwd(), 'sandbox/cli/exercise.ts');
const scratch = mkdtempSync(join(tmpdir(), 'mcpw-records-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const exercise = (args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });

interface Submission {
  name: string;
  checks: { id: string; ok: boolean; frame?: number; message: string }[];
}

/** (fixture, check, ok, frame, message) for every fixture folder's run. */
function tuples(json: string, names: readonly string[]): string[] {
  const { submissions } = JSON.parse(json) as { submissions: Submission[] };
  return submissions
    .filter((s) => names.includes(s.name))
    .flatMap((s) => s.checks.map((c) => `${s.name} ${c.id} ${c.ok} ${c.frame} ${c.message}`));
}

describe('recorded fixture runs', () => {
  it('records each fixture beside its folder, and judges the records as the live runs were judged', () => {
    const folder = join(scratch, 'fixtures');
    // A mistake, a correct client, and a client that hangs (recorded as one that runs live).
    for (const name of ['reused-id', 'ok-crlf', 'never-closes-stdin']) {
      cpSync(fixtureDir('raw-client', name), join(folder, name), { recursive: true });
    }
    const live = exercise(['fixtures', 'raw-client', '--fixtures', folder, '--record', '--json']);
    expect(live.status, live.stderr).toBe(0);
    expect(live.stderr).toContain('recorded 2 fixture runs');
    expect(live.stderr).toContain('never-closes-stdin (its run ended at a limit: timeout)');

    const reused = readFixtureRecord(recordPath(folder, 'reused-id'))!;
    expect(reused.sessions).toHaveLength(1);
    const run = reused.sessions[0]!.record;
    expect(run.frames.length).toBeGreaterThan(3);
    expect(run.seed).toBeTypeOf('number');
    expect(run.program.exit).toEqual({ code: 0, signal: null });
    expect(readFixtureRecord(recordPath(folder, 'never-closes-stdin'))!.live).toMatch(/timeout/);

    const judged = exercise([
      'fixtures',
      'raw-client',
      '--fixtures',
      folder,
      '--recorded',
      '--json',
    ]);
    expect(judged.status, judged.stderr).toBe(0);
    expect(judged.stderr).toContain('no record for never-closes-stdin (they run live)');
    const names = ['reused-id', 'ok-crlf'];
    expect(tuples(judged.stdout, names)).toEqual(tuples(live.stdout, names));
    expect(
      tuples(judged.stdout, names).some((t) => t.startsWith('reused-id request-ids false 3 ')),
    ).toBe(true);
  });

  it('names the file and the field of a broken record', () => {
    const path = join(scratch, 'broken.record.json');
    writeFileSync(path, JSON.stringify({ exercise: 'raw-client', fixture: 'x', inputs: {} }));
    expect(() => readFixtureRecord(path)).toThrow(`${path}: inputs.engine:`);
    writeFileSync(path, '{"exercise": ');
    expect(() => readFixtureRecord(path)).toThrow(`${path}: not JSON`);
    expect(readFixtureRecord(join(scratch, 'absent.record.json'))).toBeUndefined();
  });

  it("knows what a record depended on: the engine, the exercise's run files, the fixture, not the checks", () => {
    const repo = join(scratch, 'repo');
    const write = (path: string, text: string) => {
      mkdirSync(join(repo, path, '..'), { recursive: true });
      writeFileSync(join(repo, path), text);
    };
    for (const name of ['sdk', 'client', 'server']) {
      write(`node_modules/@modelcontextprotocol/${name}/package.json`, '{"version":"1.0.0"}');
    }
    write('sandbox/harness/run.ts', 'one');
    write('ex/exercise.json', '{}');
    write('ex/starter/client.ts', 'start');
    write('ex/check.ts', 'judge');
    write('ex/fixtures/f/client.ts', 'mine');
    const inputs = () => recordInputs(repo, join(repo, 'ex'), join(repo, 'ex/fixtures/f'));
    // The engine digest is kept per process: a copy of the repository gets its own.
    const first = inputs();
    write('ex/check.ts', 'judge differently');
    write('ex/task.md', 'words');
    expect(changedInputs(first, inputs())).toEqual([]);
    write('ex/starter/client.ts', 'start differently');
    expect(changedInputs(first, inputs())).toEqual([
      "the exercise's run files (exercise.json, starter, reference files)",
    ]);
    write('ex/fixtures/f/client.ts', 'mine, changed');
    expect(changedInputs(first, inputs())).toHaveLength(2);
    const other = join(scratch, 'repo-2');
    cpSync(repo, other, { recursive: true });
    writeFileSync(join(other, 'sandbox/harness/run.ts'), 'two');
    const moved = recordInputs(other, join(other, 'ex'), join(other, 'ex/fixtures/f'));
    expect(changedInputs(inputs(), moved)).toEqual([
      'the engine (harness, taps, Paper Trail, wire module, SDK or Node version)',
    ]);
  });

  it('tells where a live run and its record disagree, check by check', () => {
    const result = (id: string, ok: boolean, reached?: false): CheckResult =>
      ({
        id,
        title: id,
        ok,
        message: '',
        parts: [],
        ...(reached === false ? { reached } : {}),
      }) as CheckResult;
    expect(
      disagreements(
        [result('a', true), result('b', false)],
        [result('a', true), result('b', false)],
      ),
    ).toEqual([]);
    expect(
      disagreements(
        [result('a', true), result('b', false), result('c', false, false)],
        [result('a', false), result('b', false, false)],
      ),
    ).toEqual([
      'a passes in the record, fails live',
      'b fails in the record, is not reached live',
      'c is not reached in the record, is absent live',
    ]);
  });
});
