// `npm run --silent exercise -- list`
// `npm run --silent exercise -- check <id> [--dir <folder> | --solution] [--json]`
// `npm run --silent exercise -- run <id> [--dir <folder> | --solution]`
// `npm run --silent exercise -- watch <id> --dir <folder>`
// `npm run --silent exercise -- fixtures <id> [--fixtures <folder>] [--jobs N] [--json] [--seed N] [--only a,b] [--seeds N | --record | --recorded]`
// check: exit 0 when every check passes, 1 when one fails; run: 0 when the program finished,
// 1 when it was stopped or crashed; watch: runs until Ctrl-C (130); fixtures: 1 when the starter passes or the solution fails
// (with --seeds: when any submission's verdict depends on the seed).
// All: 2 on a usage error, 3 when the harness could not run or judge the program (a harness
// error: nothing was said about the learner's code).
// The entry point, exercise.ts, hands in the course's checks.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type FixtureTarget,
  fixturesJson,
  fixturesReport,
  fixtureTargets,
  ruleBreaks,
  runFixtures,
} from './fixtures.ts';
import { judgeRecords, recording } from './record-fixtures.ts';
import { sweepJson, sweepProblems, sweepReport, sweepRows } from './seed-sweep.ts';
import { newSeed } from '../input/seed.ts';
import { learnerFolderProblems } from './learner-folder.ts';
import { watchExercise } from './watch.ts';
import { accepting, resolveChecks, runExercise, type ChecksSource } from '../harness/run.ts';
import { commandSlot, noCommandSlot } from '../exercises/command-slot.ts';
import { commandFlag } from '../input/command-flag.ts';
import { missingProgram } from '../exercises/command-program.ts';
import { runInHarness } from './harness-child.ts';
import type { HarnessEvent } from '../contract/events.ts';
import { EXERCISE_ID_RULE, exerciseIdSchema } from '../exercises/ids.ts';
import {
  defaultExercisesRoot,
  defaultWorkRoot,
  loadExercise,
  loadExercises,
} from '../exercises/loader.ts';
import { FIXTURES_DIR } from '../course/exercise-folders.ts';
import { failUsage, parseCliArgsOrExit, wholeNumber } from '../input/cli-args.ts';
import { timeoutMsFlag } from '../input/timeout-flag.ts';
import {
  checkReport,
  exitCodeOf,
  HARNESS_ERROR,
  harnessErrorLine,
  killedNote,
  runEndingLine,
  unflushedNote,
} from './report.ts';

const USAGE =
  'usage: exercise list\n       exercise check <id> [--dir <folder> | --solution] [--json] [--timeout-ms N] [--seed N]' +
  '\n       exercise run <id> [--dir <folder> | --solution] [--timeout-ms N]' +
  '\n       exercise watch <id> --dir <folder> [--timeout-ms N] [--seed N]' +
  "\n       (check, run, watch: --dir <folder> --cmd '<command>' runs your program in any language)" +
  '\n       exercise fixtures <id> [--fixtures <folder>] [--jobs N] [--json] [--timeout-ms N] [--seed N] [--only a,b]\n                [--seeds N | --record | --recorded]';

const fixturesArgs = z
  .object({
    id: exerciseIdSchema({
      missing: 'fixtures needs an exercise id',
      wrong: `the exercise id must be ${EXERCISE_ID_RULE}`,
    }),
    fixtures: z.string().min(1, { message: '--fixtures needs a folder' }).optional(),
    jobs: wholeNumber('--jobs', { min: 1, max: 16 }).optional(),
    json: z.boolean().default(false),
    'timeout-ms': timeoutMsFlag,
    seeds: wholeNumber('--seeds', { min: 1, max: 100 }).optional(),
    // One seed for every run (else a recorded fixture keeps its record's): the seed a
    // fixture table's frames were written for.
    seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional(),
    // Some fixture folders only, by name (the starter and the solution are left out then).
    only: z.string().min(1, { message: '--only needs fixture names, comma-separated' }).optional(),
    // Store each fixture's run beside it; or judge the stored runs without starting anything.
    record: z.boolean().default(false),
    recorded: z.boolean().default(false),
  })
  .refine((a) => !(a.record && a.recorded), {
    message: 'use either --record (run and store) or --recorded (judge what is stored), not both',
  })
  .refine((a) => a.seeds === undefined || !(a.record || a.recorded), {
    message:
      '--seeds runs every submission once per seed; it does not go with --record or --recorded',
  });

/** The targets named by --only (every one without it); a name with no folder is an error. */
function selected(targets: FixtureTarget[], only: string | undefined): FixtureTarget[] {
  if (only === undefined) return targets;
  const names = only.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !targets.some((t) => t.dir && t.name === n));
  if (unknown.length > 0) usage(`--only: no fixture folder named ${unknown.join(', ')}`);
  return targets.filter((t) => t.dir && names.includes(t.name));
}

/** The fixtures command: every submission judged, then the table and every message. */
async function fixtures(root: string, rest: string[], checks: ChecksSource): Promise<number> {
  const a = parseCliArgsOrExit(rest, {
    schema: fixturesArgs,
    positionals: {
      names: ['id'],
      tooMany: (words) => `fixtures takes one exercise id (got ${words.join(' ')})`,
    },
    usage: USAGE,
  });
  let dir = '';
  try {
    dir = loadExercise(root, a.id).dir;
  } catch (err) {
    usage((err as Error).message);
  }
  // Fixtures live in the exercise's folder (fixtures/, beside its fixtures.test.ts) unless named.
  const folder = a.fixtures ?? join(dir, FIXTURES_DIR);
  const place = { exercise: a.id, repo: root, exerciseDir: dir, fixturesDir: folder };
  if (a.recorded) {
    const loaded = (await resolveChecks(checks))[a.id] ?? [];
    const { runs, missing } = judgeRecords(selected(fixtureTargets(folder), a.only), place, loaded);
    process.stdout.write(a.json ? fixturesJson(a.id, runs) : fixturesReport(a.id, runs));
    if (missing.length > 0) {
      process.stderr.write(`fixtures: no record for ${missing.join(', ')} (they run live)\n`);
    }
    return 0;
  }
  const targets = selected(fixtureTargets(folder), a.only);
  const recorder = a.record ? recording(place) : undefined;
  const options = {
    exercise: a.id,
    exercisesRoot: root,
    checks: await resolveChecks(checks),
    jobs: a.jobs ?? Math.max(1, Math.min(4, availableParallelism())),
    timeoutMs: a['timeout-ms'],
    seed: a.seed,
    ...recorder?.hooks,
  };
  if (a.seeds !== undefined) {
    const seeds = Array.from({ length: a.seeds }, newSeed);
    const bySeed = [];
    for (const seed of seeds) {
      bySeed.push(await runFixtures(targets, { ...options, seed }));
    }
    const rows = sweepRows(seeds, bySeed);
    process.stdout.write((a.json ? sweepJson : sweepReport)(a.id, seeds, rows));
    return sweepProblems(rows).length > 0 ? 1 : 0;
  }
  const runs = await runFixtures(targets, options);
  process.stdout.write(a.json ? fixturesJson(a.id, runs) : fixturesReport(a.id, runs));
  const problems = ruleBreaks(runs);
  for (const line of recorder?.report() ?? []) process.stderr.write(`fixtures: ${line}\n`);
  for (const problem of problems) process.stderr.write(`fixtures: ${problem}\n`);
  if (runs.some((r) => r.summary.verdict === 'error')) return HARNESS_ERROR;
  return problems.length > 0 ? 1 : 0;
}

/** The arguments of `check` and of `run`, which differ only in the command's name. */
const commandArgs = (mode: 'check' | 'run') =>
  z
    .object({
      id: exerciseIdSchema({
        missing: `${mode} needs an exercise id`,
        wrong: `the exercise id must be ${EXERCISE_ID_RULE}`,
      }),
      dir: z.string().min(1, { message: '--dir needs a folder' }).optional(),
      solution: z.boolean().default(false),
      json: z.boolean().default(false),
      'timeout-ms': timeoutMsFlag,
      // A failed check run names its seed; passing it runs the same data and cuts again.
      seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional(),
      cmd: z.string().optional(),
    })
    .refine((a) => !(a.dir && a.solution), { message: 'use either --dir or --solution, not both' })
    .refine((a) => a.cmd === undefined || a.dir !== undefined, { message: CMD_NEEDS_DIR });

const usage = (message: string): never => failUsage(message, USAGE);

const CMD_NEEDS_DIR =
  '--cmd needs --dir <folder>: the folder your program is in (the command runs in a copy of it, as a TypeScript file would)';

/**
 * The words of --cmd, once it is sure the exercise takes one (command-slot.ts); a usage
 * error otherwise. Kept as typed: the harness, a process of its own, splits it again.
 */
function checkCommand(
  root: string,
  id: string,
  cmd: string | undefined,
  dir: string | undefined,
): string[] | undefined {
  if (cmd === undefined) return undefined;
  const words = commandFlag.safeParse(cmd);
  if (!words.success) return usage(words.error.issues.map((i) => i.message).join('\n'));
  if (!commandSlot(loadExercise(root, id).meta)) usage(noCommandSlot(id, accepting(root)));
  const missing = dir === undefined ? undefined : missingProgram(words.data, dir, process.env.PATH);
  if (missing) usage(missing);
  return words.data;
}

const watchArgs = z.object({
  id: exerciseIdSchema({
    missing: 'watch needs an exercise id',
    wrong: `the exercise id must be ${EXERCISE_ID_RULE}`,
  }),
  // The course's starter and solution never change under a learner: watching them is no use.
  dir: z.string({ error: 'watch needs --dir <folder>: the folder you edit your files in' }).min(1, {
    message: '--dir needs a folder',
  }),
  'timeout-ms': timeoutMsFlag,
  seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional(),
  cmd: z.string().optional(),
});

/** The watch command: check the folder, then again after every save, until Ctrl-C. */
async function watchCommand(root: string, rest: string[], checks: ChecksSource): Promise<number> {
  const a = parseCliArgsOrExit(rest, {
    schema: watchArgs,
    positionals: {
      names: ['id'],
      tooMany: (words) => `watch takes one exercise id (got ${words.join(' ')})`,
    },
    usage: USAGE,
  });
  let editable: string[] = [];
  let command: string[] | undefined;
  try {
    editable = loadExercise(root, a.id).meta.files.editable;
    command = checkCommand(root, a.id, a.cmd, a.dir);
  } catch (err) {
    usage((err as Error).message);
  }
  const problems = learnerFolderProblems(a.dir);
  if (problems.length > 0) usage(problems.join('\n'));
  // Loaded once, before the first run: every re-check finds them ready.
  const loaded = await resolveChecks(checks);
  watchExercise({
    folder: a.dir,
    // A program of the learner's own may be any of the folder's files.
    editable: command ? undefined : editable,
    check: () =>
      runExercise(
        {
          exercise: a.id,
          mode: 'check',
          workspace: a.dir,
          exercisesRoot: root,
          timeoutMs: a['timeout-ms'],
          seed: a.seed,
          command,
          checks: loaded,
        },
        () => {},
      ),
    write: (stream, text) => process[stream].write(text),
    seedFlag: true,
    command: command !== undefined,
  });
  // The watcher keeps the process alive; only a signal ends it (signals.ts exits with its code).
  return new Promise<number>(() => {});
}

export async function exerciseCommand(argv: string[], checks: ChecksSource): Promise<number> {
  const [command, ...rest] = argv;
  const root = defaultExercisesRoot();
  if (command === 'list') {
    if (rest.length > 0) usage(`list takes no arguments (got ${rest.join(' ')})`);
    for (const ex of loadExercises(root)) {
      console.log(`${ex.id.padEnd(24)} ${(ex.lesson ?? '').padEnd(14)} ${ex.meta.title}`);
    }
    return 0;
  }
  if (command === 'fixtures') return fixtures(root, rest, checks);
  if (command === 'watch') return watchCommand(root, rest, checks);
  if (command !== 'check' && command !== 'run') {
    usage(command ? `unknown command "${command}"` : 'no command given');
  }
  const mode = command === 'run' ? 'run' : 'check';
  const a = parseCliArgsOrExit(rest, {
    schema: commandArgs(mode),
    positionals: {
      names: ['id'],
      tooMany: (words) => `${mode} takes one exercise id (got ${words.join(' ')})`,
    },
    usage: USAGE,
  });
  let limitMs = 0;
  try {
    limitMs = a['timeout-ms'] ?? loadExercise(root, a.id).meta.run.timeoutMs;
    checkCommand(root, a.id, a.cmd, a.dir);
  } catch (err) {
    usage((err as Error).message);
  }
  if (a.dir !== undefined) {
    const problems = learnerFolderProblems(a.dir);
    if (problems.length > 0) usage(problems.join('\n'));
  }
  if (mode === 'run' && a.json) usage('--json is for check; run prints what the program prints');
  if (mode === 'run' && a.seed !== undefined) {
    usage('--seed is for check; run always sees the fixed data, delivered as it comes');
  }

  const outcome = await runInHarness(
    {
      exercise: a.id,
      mode,
      workspace: a.dir,
      solution: a.solution,
      exercisesRoot: root,
      workRoot: defaultWorkRoot(root),
      timeoutMs: a['timeout-ms'],
      limitMs,
      seed: a.seed,
      cmd: a.cmd,
    },
    // run shows the program's own output as it comes; check shows only the verdict.
    mode === 'run' ? echoOutput : () => {},
  );
  // The harness said what was wrong on stderr already.
  if ('usage' in outcome) return 2;
  const summary = outcome.summary;
  if (summary.refused) {
    // Run mode echoed the refusal as the program's stderr already: then only how it ended.
    process.stderr.write(mode === 'check' ? harnessErrorLine(summary) : runEndingLine(summary));
    if (mode === 'check' && a.json) process.stdout.write(checkReport(summary, true));
    return exitCodeOf(summary);
  }
  if (summary.verdict === 'error') {
    process.stderr.write(harnessErrorLine(summary));
    return HARNESS_ERROR;
  }
  // A harness ended from outside: what happened, beyond the ending line's time limit.
  if (
    summary.verdict === 'timeout' &&
    summary.checks.length === 0 &&
    summary.ending?.exit === null
  ) {
    process.stderr.write(`${summary.summary}\n`);
  }
  process.stderr.write(killedNote(summary));
  process.stderr.write(unflushedNote(summary, a.cmd !== undefined));
  if (mode === 'check' && summary.passed === false && summary.seed !== undefined) {
    process.stderr.write(
      `This check run used seed ${summary.seed}; add --seed ${summary.seed} to run it again with the same data and the same cuts.\n`,
    );
  }
  process.stdout.write(mode === 'run' ? runEndingLine(summary) : checkReport(summary, a.json));
  return exitCodeOf(summary);
}

/** The learner's program's output (where the learner writes the server, its server's), as it comes. */
function echoOutput(event: HarnessEvent): void {
  if (event.type !== 'stdout' && event.type !== 'stderr') return;
  if (event.source !== 'learner') return;
  (event.type === 'stdout' ? process.stdout : process.stderr).write(event.text);
}
