// Every exercise page's "From a terminal" box, typed as it says into a clone: copy the
// starter, put the learner's work in the copy (here, the solution's files), check it with
// --dir and see it pass; and run the exercise's own command in that folder where it is one
// command. The clone is a folder of links to this checkout's files, so `npm run` finds the
// project's scripts from the root and from the learner's folder alike.
import { exec, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { terminalSteps } from '../../components/exercise/terminal-steps.ts';
import { loadExercises } from '../../sandbox/exercises/loader.ts';
import { commandSlot } from '../../sandbox/exercises/command-slot.ts';
import { shapeCover, shapeLabel } from '../setup/exercise-shapes.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(exec);

const clone = mkdtempSync(join(tmpdir(), 'mcpw-clone-'));
for (const entry of ['package.json', 'node_modules', 'sandbox', 'lessons']) {
  symlinkSync(join(REPO, entry), join(clone, entry));
}
afterAll(() => rmSync(clone, { recursive: true, force: true }));

/** A shell line as the learner types it; resolves with its exit code and output. */
async function type(line: string, cwd: string, timeout = 60_000) {
  try {
    const { stdout, stderr } = await run(line, { cwd, timeout });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const exercises = loadExercises(REPO);
// `check --dir` on the copy is the same command for every exercise; what differs is the
// files and the peer, so it runs for one exercise of each shape. The copy and the
// exercise's own command, which differ per exercise, run for every one.
const checkedOn = new Map(shapeCover(exercises).map((c) => [c.exercise.id, shapeLabel(c)]));
const rawClient = exercises.find((e) => e.id === 'raw-client')!.folder;

// Two exercises at a time: five (vitest's default) on a two-core machine ran a client's SDK
// request past its own timeout.
let free = 2;
const waiting: (() => void)[] = [];
async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  else free--;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free++;
  }
}

describe.concurrent('"From a terminal" on every exercise page', () => {
  it.each(
    exercises.map((e) => {
      const shape = checkedOn.get(e.id);
      const what = shape ? `copy, check --dir on the copy (${shape}), and` : 'copy and';
      return [`${e.id}: ${what} its own command`, e] as const;
    }),
  )(
    '%s',
    (_name, exercise) =>
      inTurn(async () => {
        const id = exercise.id;
        const steps = terminalSteps(id, exercise.folder, exercise.meta.howToRun);
        const copied = await type(steps.copy, clone);
        expect(copied.code, copied.stderr).toBe(0);
        const mine = join(clone, steps.folder);
        for (const file of exercise.meta.files.editable) {
          expect(existsSync(join(mine, file)), `${file} in ${steps.folder}`).toBe(true);
        }

        if (checkedOn.has(id)) {
          // Untouched, the copy is the starter, and the check says so.
          const starter = await type(steps.check, clone, 90_000);
          expect(starter.code, starter.stdout + starter.stderr).toBe(1);
        }

        // The learner's work, which the check must judge instead of the starter.
        cpSync(join(exercise.dir, 'solution'), mine, { recursive: true });
        if (checkedOn.has(id)) {
          const checked = await type(steps.check, clone, 90_000);
          expect(checked.code, checked.stdout + checked.stderr).toBe(0);
          expect(checked.stdout).toMatch(/ 0 failed/);
        }

        if (steps.byHand.length === 1) {
          const byHand = await type(steps.byHand[0]!.command, mine, 60_000);
          expect(byHand.code, byHand.stdout + byHand.stderr).toBe(0);
        }
      }),
    400_000,
  );

  it('runs the copy with run --dir', async () => {
    const steps = terminalSteps('raw-client', rawClient, '');
    const copied = await type(steps.copy.replace('my-raw-client', 'run-raw-client'), clone);
    expect(copied.code).toBe(0);
    const ran = await type(steps.run.replace('my-raw-client', 'run-raw-client'), clone, 90_000);
    // The starter's client sends nothing yet: the run ends, and says how.
    expect(ran.stdout + ran.stderr).toMatch(/\S/);
  });

  it("checks a Python client with the page's --cmd line, in the folder it names", async () => {
    const raw = exercises.find((e) => e.id === 'raw-client')!;
    const steps = terminalSteps('raw-client', rawClient, '', commandSlot(raw.meta));
    const folder = 'python-raw-client';
    const copied = await type(steps.copy.replace('my-raw-client', folder), clone);
    expect(copied.code).toBe(0);
    // The page names client.py; the learner's file is the Python fixture of a correct client.
    expect(steps.anyLanguage?.check).toContain("--cmd 'python3 client.py'");
    cpSync(join(raw.dir, 'fixtures-py/ok-readline/client.py'), join(clone, folder, 'client.py'));
    const line = steps.anyLanguage!.check.replace('my-raw-client', folder);
    const checked = await type(line, clone, 90_000);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/ 0 failed/);
  });

  it('watches the copy with watch --dir until Ctrl-C', async () => {
    const steps = terminalSteps('raw-client', rawClient, '');
    const copied = await type(steps.copy.replace('my-raw-client', 'watch-raw-client'), clone);
    expect(copied.code).toBe(0);
    const line = steps.watch.replace('my-raw-client', 'watch-raw-client');
    const shell = spawn('sh', ['-c', line], { cwd: clone, detached: true, stdio: 'pipe' });
    let out = '';
    shell.stdout.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise((resolve) => shell.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`no verdict in:\n${out}`)), 60_000);
        shell.stdout.on('data', () => {
          if (/^Watching client\.ts for saves/m.test(out)) {
            clearTimeout(deadline);
            resolve();
          }
        });
      });
      expect(out).toMatch(/^\d+ passed, [1-9]\d* failed/m);
    } finally {
      process.kill(-shell.pid!, 'SIGINT');
      await exited;
    }
  });
});
