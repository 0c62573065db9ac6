// `npm run new -- exercise`: scaffolds into a lesson's folder in a copy of the lessons, where
// the registry finds its checks, and the scaffolded exercise keeps the authoring rule: its
// starter fails its checks and its solution passes them, judged by the real harness against
// Paper Trail.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExercise } from '../../sandbox/exercises/loader.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { checksIn } from '../../sandbox/course/exercise-checks.ts';

const repo = process.cwd();
const script = join(repo, 'scripts/new.ts');
const made: string[] = [];

/** A copy of lessons/ beside a link to sandbox/, so that the checks' imports resolve. */
function copyOfCourse(): string {
  const tmp = mkdtempSync(join(tmpdir(), 'new-exercise-'));
  made.push(tmp);
  cpSync(join(repo, 'lessons'), join(tmp, 'lessons'), { recursive: true });
  symlinkSync(join(repo, 'sandbox'), join(tmp, 'sandbox'));
  return tmp;
}

function runNew(root: string, args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, MCP_WIRE_LESSONS_DIR: join(root, 'lessons') + '/' },
  });
}

/** Every file under a folder with its contents: "nothing changed" compares two of these. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out[path.slice(dir.length)] = readFileSync(path, 'utf8');
    }
  }
  return out;
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('npm run new -- exercise', () => {
  it('scaffolds a registered exercise whose starter fails and solution passes', async () => {
    const dir = copyOfCourse();
    const before = snapshot(dir);
    const r = runNew(dir, [
      'exercise',
      'call-a-tool',
      '--lesson',
      'the-wire',
      '--title',
      'Call "the" tool',
    ]);
    expect(r.status, r.stderr).toBe(0);

    const ex = loadExercise(dir, 'call-a-tool');
    expect(ex.meta.title).toBe('Call "the" tool');
    expect(ex.folder).toBe('lessons/02-the-wire/exercises/call-a-tool');
    expect(ex.lesson).toBe('the-wire');
    // One new folder, and no other file changed.
    const after = snapshot(dir);
    const outside = (s: Record<string, string>) =>
      Object.fromEntries(Object.entries(s).filter(([path]) => !path.startsWith(`/${ex.folder}/`)));
    expect(outside(after)).toEqual(before);
    expect(ex.task).toContain('# Call "the" tool');
    expect(ex.task).toContain('exercise -- check call-a-tool');
    expect(ex.task).not.toContain('{{');
    const test = readFileSync(join(ex.dir, 'fixtures.test.ts'), 'utf8');
    expect(test).toContain("const EX = 'call-a-tool';");
    expect(test).not.toContain('{{');

    // The registry finds the new folder's checks as the harness would load them.
    const checks = await checksIn(dir);
    expect(Object.keys(checks)).toContain('raw-client');
    expect(checks['call-a-tool']?.length).toBeGreaterThan(0);
    const options = {
      exercise: 'call-a-tool',
      mode: 'check' as const,
      exercisesRoot: dir,
      checks,
      workRoot: join(repo, '.workspaces'),
      timeoutMs: 30_000,
    };

    const starter = await runExercise(options, () => {});
    expect(starter.verdict, starter.summary).toBe('completed');
    expect(starter.passed).toBe(false);
    const failed = starter.checks.filter((c) => !c.ok).map((c) => c.id);
    expect(failed).toEqual(['calls-order-status']);

    const solution = await runExercise({ ...options, solution: true }, () => {});
    const why = solution.checks.filter((c) => !c.ok).map((c) => `${c.id}: ${c.message}`);
    expect(why.join('\n')).toBe('');
    expect(solution.passed).toBe(true);
    const printed = solution.checks.find((c) => c.id === 'calls-order-status');
    expect(printed?.frame).toBeTypeOf('number');
  });

  it('refuses an id that exists and changes nothing', () => {
    const dir = copyOfCourse();
    const before = snapshot(dir);
    const r = runNew(dir, ['exercise', 'raw-client', '--lesson', 'the-wire', '--title', 'Again']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('exists already');
    expect(snapshot(dir)).toEqual(before);
  });

  it.each([
    [['exercise', 'Call_Tool', '--lesson', 'the-wire', '--title', 'T'], 'kebab-case'],
    [['exercise', 'call-tool', '--title', 'T'], '--lesson is required'],
    [['exercise', 'call-tool', '--lesson', 'The Wire', '--title', 'T'], '--lesson must be a'],
    [['exercise', 'call-tool', '--lesson', 'the-wire'], '--title is required'],
    [['exercise', '--lesson', 'the-wire', '--title', 'T'], 'an exercise id is required'],
    [
      ['exercise', 'call-tool', '--lesson', 'the-wire', '--title', 'T', '--order', '2'],
      'for lessons',
    ],
    [
      ['exercise', 'call-tool', '--lesson', 'the-wire', '--title', 'T', '--x'],
      "Unknown option '--x'",
    ],
  ])('explains a usage error with exit 2 and changes nothing: %j', (args, message) => {
    const dir = copyOfCourse();
    const before = snapshot(dir);
    const r = runNew(dir, args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage: npm run --silent new -- exercise <id>');
    expect(snapshot(dir)).toEqual(before);
  });
});
