// The harness as a program, as the local runtime endpoint starts it for every run (the CLI
// and the WebContainer entry call runExercise themselves). Prints NDJSON HarnessEvents on
// stdout, ending with `done`.
//   node sandbox/harness/main.ts --exercise <id> --workspace <dir> --mode run|check
//        [--exercises-root <dir>] [--timeout-ms N]
//   node sandbox/harness/main.ts --console --workspace <dir> [--exercises-root <dir>]
//        (the wire console's session: console-run.ts; the exercises root only places the
//        work folder beside the exercises' own, no exercise is read)
//   node sandbox/harness/main.ts --standby   (either argument list follows as a JSON line
//        on stdin, once a run asks for it: standby-args.ts)
// Exit 0 when the harness worked (even if checks failed), 2 on a usage error.
// It runs from the sources (Node strips the types); inside a WebContainer the bundled
// sandbox/runtime/container/webcontainer-entry.ts takes its place. The entry point, main.ts, hands in
// the course's checks.
import { z } from 'zod';
import { runExercise, type ChecksSource } from './run.ts';
import { EXERCISE_ID_RULE, exerciseIdSchema } from '../exercises/ids.ts';
import { defaultExercisesRoot, listExerciseIds, loadExercise } from '../exercises/loader.ts';
import { failUsage, parseCliArgs, parseCliArgsOrExit, wholeNumber } from '../input/cli-args.ts';
import { timeoutMsFlag } from '../input/timeout-flag.ts';
import { formatSentinelLine } from '../runtime/shared/sentinel.ts';
import { consoleMain } from './console-main.ts';
import { CONSOLE_FLAG } from './console-run.ts';
import { firstLine } from './first-line.ts';
import { commandFlag } from '../input/command-flag.ts';

const Args = z.object({
  exercise: exerciseIdSchema({
    missing: '--exercise <id> is required',
    wrong: `--exercise must be an exercise id, ${EXERCISE_ID_RULE}`,
  }),
  workspace: z.string().optional(),
  solution: z.boolean().optional(),
  mode: z.enum(['run', 'check'], { error: '--mode must be "run" or "check"' }),
  'exercises-root': z.string().optional(),
  'timeout-ms': timeoutMsFlag,
  seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional(),
  // Each event goes out behind this run's sentinel (runtime/server/signed-events.ts).
  nonce: z.string().min(16, { message: '--nonce must be at least 16 characters' }).optional(),
  // The same, read as the first line of stdin: out of sight of the command line.
  'nonce-stdin': z.boolean().optional(),
  // The learner's own program, in any language (RunOptions.command), as they typed it.
  cmd: commandFlag.optional(),
});

const USAGE =
  'usage: main.ts --exercise <id> --workspace <dir> --mode run|check ' +
  "[--exercises-root <dir>] [--timeout-ms N] [--seed N] [--cmd '<command>']";

/**
 * A standby's warm-up while it waits for its run (standby-args.ts): the first parse of the
 * arguments and the first exercise loaded run cold code (zod builds each parser on first
 * use), 10–15 ms that a learner's Check would otherwise wait for. Nothing is kept: the run
 * parses its own arguments and reads its exercise afresh. A course without exercises, or a
 * broken one, is the run's to report.
 */
export function warmUp(): void {
  try {
    const root = defaultExercisesRoot();
    const [id] = listExerciseIds(root);
    if (id === undefined) return;
    parseCliArgs(['--exercise', id, '--mode', 'check'], { schema: Args });
    loadExercise(root, id);
  } catch {
    // Only a warm-up.
  }
}

export async function harnessMain(argv: string[], checks: ChecksSource): Promise<void> {
  if (argv[0] === CONSOLE_FLAG) return consoleMain(argv.slice(1));
  const a = parseCliArgsOrExit(argv, {
    schema: Args,
    usage: USAGE,
  });
  const root = a['exercises-root'] ?? defaultExercisesRoot();
  try {
    loadExercise(root, a.exercise);
  } catch (err) {
    failUsage((err as Error).message, USAGE);
  }
  const nonce = a['nonce-stdin'] ? await firstLine(process.stdin) : a.nonce;
  await runExercise(
    {
      exercise: a.exercise,
      mode: a.mode,
      workspace: a.workspace,
      solution: a.solution,
      exercisesRoot: root,
      timeoutMs: a['timeout-ms'],
      seed: a.seed,
      command: a.cmd,
      checks,
    },
    (event) =>
      process.stdout.write(nonce ? formatSentinelLine(nonce, event) : JSON.stringify(event) + '\n'),
  );
}
