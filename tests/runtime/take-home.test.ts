// The take-home zip end to end, as a learner gets it: the parts the build makes, the zip the
// page makes (same functions), unzipped into an empty folder and run there with nothing but a
// `node` on PATH (no npm, no repository, no node_modules above it): `node harness.mjs check`
// passes the solution (exit 0) and fails the starter (exit 1), with readable lines, of one
// exercise of each shape (tests/setup/exercise-shapes.ts): the zip holds an exercise's files
// and starts its peer alike for every exercise of a shape.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExercise, loadExercises } from '../../sandbox/exercises/loader.ts';
import type { TakeHomeParts } from '../../sandbox/runtime/shared/take-home-parts.ts';
import { takeHomeFiles, takeHomeFolder } from '../../components/workbench/take-home-files.ts';
import { zipTakeHome } from '../../components/workbench/take-home-zip.ts';
import { shapeCover, shapeLabel } from '../setup/exercise-shapes.ts';
import { buildParts, REPO, unzipInto } from './take-home-fixture.ts';
import { folderOf } from '../exercises/helpers.ts';
// v22.23.3: strips types by default, as every Node 22.18+ does.
import { NODE22 } from './node22.ts';

const COVER = shapeCover(loadExercises(REPO));
const NODE24 = join(REPO, 'node_modules/node/bin/node');

let parts: TakeHomeParts;
let cleanupParts = () => {};
const temp = mkdtempSync(join(tmpdir(), 'mcpw-takehome-'));
beforeAll(async () => ({ parts, cleanup: cleanupParts } = await buildParts()));
afterAll(() => {
  cleanupParts();
  rmSync(temp, { recursive: true, force: true });
});

/** A folder holding only a `node`: the whole PATH a learner without npm might have. */
function binWith(node: string, name: string): string {
  const bin = join(temp, `bin-${name}`);
  mkdirSync(bin);
  symlinkSync(node, join(bin, 'node'));
  return bin;
}

/** Unzips the exercise with these learner files into a fresh folder; returns the folder. */
function unzipped(id: string, learner: Record<string, string>, name: string): string {
  const dir = mkdtempSync(join(temp, `${id}-${name}-`));
  const zip = zipTakeHome(takeHomeFiles(parts, id, learner), takeHomeFolder(id));
  const entries = unzipInto(zip, dir);
  expect(entries).toContain(`${takeHomeFolder(id)}/harness.mjs`);
  return join(dir, takeHomeFolder(id));
}

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** `node harness.mjs <args>` in `cwd`, with `node` found through this PATH alone. */
function harness(cwd: string, bin: string, args: string[]): Promise<Ran> {
  return node(cwd, bin, ['harness.mjs', ...args]);
}

function node(cwd: string, bin: string, args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', args, {
      cwd,
      env: { PATH: bin, HOME: cwd },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

// A loaded CI machine must not turn a slow start into a failure (as the fixture tables do).
const CHECK = ['check', '--timeout-ms', '30000'];

/** At most `n` jobs at a time, across tests: concurrency for speed, bounded for two cores. */
function limiter(n: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (job) => {
    while (running >= n) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const limit = limiter(3);

describe.concurrent(
  'take-home zip of each exercise shape, unzipped and run with a plain node',
  () => {
    for (const shaped of COVER) {
      const { exercise } = shaped;
      it(`${shapeLabel(shaped)}: passes the solution (exit 0) and fails the starter (exit 1)`, async () => {
        const bin = binWith(NODE24, `24-${exercise.id}`);
        const editable = exercise.meta.files.editable;
        const solution = Object.fromEntries(editable.map((f) => [f, exercise.solution[f]]));
        const cases = [
          { kind: 'solution', dir: unzipped(exercise.id, solution, 'solution') },
          { kind: 'starter', dir: unzipped(exercise.id, {}, 'starter') },
        ];
        const ran = await Promise.all(cases.map((c) => limit(() => harness(c.dir, bin, CHECK))));
        cases.forEach((c, i) => {
          const { code, out, err } = ran[i]!;
          const what = `${exercise.id} ${c.kind}:\n${out}\n${err}`;
          const lines = out.trimEnd().split('\n');
          // A check shown for information (port-to-2026's lesson-2 client) is counted apart.
          const count =
            /^(\d+) passed, (\d+) failed(?:, \d+ not reached)?(?:, \d+ for information)?$/.exec(
              lines.at(-1) ?? '',
            );
          expect(count, what).not.toBeNull();
          if (c.kind === 'solution') {
            expect(code, what).toBe(0);
            expect(count![2], what).toBe('0');
            expect(
              lines.slice(0, -1).every((l) => /^(PASS|INFO) [a-z0-9-]+: /.test(l)),
              what,
            ).toBe(true);
          } else {
            expect(code, what).toBe(1);
            expect(Number(count![2]), what).toBeGreaterThan(0);
            // Readable: the CLI's lines, a failing one naming the check and saying why.
            expect(
              lines.some((l) => /^FAIL [a-z-]+: \S.{10,}/.test(l)),
              what,
            ).toBe(true);
            expect(out + err, what).not.toMatch(/^\s+at /m);
          }
        });
      });
    }
  },
);

describe('take-home zip, unzipped and run with a plain node', () => {
  it('runs on Node 22 (22.18+ strips types by default), SDK imports and all', async () => {
    const bin = binWith(NODE22, '22');
    const exercise = loadExercise(REPO, 'stdout-is-the-wire');
    const dir = unzipped(
      'stdout-is-the-wire',
      { 'server.ts': exercise.solution['server.ts'] },
      '22',
    );
    expect((await node(dir, bin, ['--version'])).out).toMatch(/^v22\.(1[89]|[2-9]\d)\./);
    const r = await harness(dir, bin, CHECK);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    // `run` shows the program's run as the workbench terminal does, ending in its summary.
    const run = await harness(dir, bin, ['run', '--timeout-ms', '30000']);
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain('[your program exited: code 0]');
    expect(run.out.trimEnd().split('\n').at(-1)).toBe('[the program finished]');
  });

  it('judges a program in another language with --cmd, as the exercise CLI does', async () => {
    const bin = binWith(NODE24, 'python');
    // The interpreter itself: a python3 on PATH may be a launcher script (pyenv's) that needs
    // more than this PATH.
    const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
    }).trim();
    symlinkSync(python, join(bin, 'python3'));
    const dir = unzipped('raw-client', {}, 'python');
    copyFileSync(
      join(folderOf('raw-client').dir, 'fixtures-py/ok-readline/client.py'),
      join(dir, 'client.py'),
    );
    const passed = await harness(dir, bin, [...CHECK, '--cmd', 'python3 client.py']);
    expect(passed.code, passed.out + passed.err).toBe(0);
    expect(passed.out.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    // The starter's client.ts is still there, and without --cmd it is what runs: it fails.
    const starter = await harness(dir, bin, CHECK);
    expect(starter.code, starter.out + starter.err).toBe(1);
    const refused = await harness(dir, bin, ['check', '--cmd', 'python3 client.py > out.txt']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('">" would be a redirection in a shell');
  });

  it('says what is wrong, with exit 2 or 3, instead of failing obscurely', async () => {
    const bin = binWith(NODE24, 'usage');
    const dir = unzipped('raw-client', {}, 'usage');
    const cases: [string[], number, string][] = [
      [[], 2, 'no command given'],
      [['judge'], 2, 'unknown command "judge"'],
      [['run', '--json'], 2, '--json goes with check'],
      [['check', '--exercise', 'two-kinds-of-failure'], 2, 'unknown exercise'],
      [['check', '--verbose'], 2, "Unknown option '--verbose'"],
      [['check', '--cmd', 'python9 client.py'], 2, 'no program called python9'],
      // A Node that does not strip types (as before 22.18) is told so before anything runs.
      [['--no-experimental-strip-types', 'harness.mjs', 'check'], 3, 'Node 22.18 or newer'],
    ];
    const ran = await Promise.all(
      cases.map(([args]) =>
        args[0]?.startsWith('--no-') ? node(dir, bin, args) : harness(dir, bin, args),
      ),
    );
    cases.forEach(([args, code, says], i) => {
      expect(ran[i].code, args.join(' ')).toBe(code);
      expect(ran[i].err, args.join(' ')).toContain(says);
      if (code === 2) expect(ran[i].err).toContain('usage: node harness.mjs');
    });
  });
});
