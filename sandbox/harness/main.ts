// The harness as a program: the one entry point the CLI, the local runtime endpoint and the
// WebContainer all start. Prints NDJSON HarnessEvents on stdout, ending with `done`.
//   node sandbox/harness/main.ts --exercise <id> --workspace <dir> --mode run|check
//        [--exercises-root <dir>] [--timeout-ms N]
// Exit 0 when the harness worked (even if checks failed), 2 on a usage error.
// `main.ts --relay ...` runs the stdio tap and `main.ts --paper-trail` the Paper Trail server
// on stdio, so that a single bundled file (esbuild, with the SDK) is all a runtime needs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createPaperTrailServer, PAPER_TRAIL_MAIN } from '../paper-trail/index.ts';
import { z } from 'zod';
import { runRelay } from '../tap/relay.ts';
import { runExercise } from './run.ts';
import { EXERCISE_ID_RULE, exerciseIdSchema } from '../exercises/ids.ts';
import { defaultExercisesRoot, loadExercise } from '../exercises/loader.ts';
import { failUsage, parseCliArgsOrExit } from '../input/cli-args.ts';
import { timeoutMsFlag } from '../input/timeout-flag.ts';

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
});

const USAGE =
  'usage: main.ts --exercise <id> --workspace <dir> --mode run|check ' +
  '[--exercises-root <dir>] [--timeout-ms N]';

// Killed from outside (a runtime stopping a run), leave through process.exit so that the
// 'exit' listeners end the learner's process group and remove the work folder.
for (const [signal, code] of [
  ['SIGTERM', 143],
  ['SIGINT', 130],
  ['SIGHUP', 129],
] as const) {
  process.once(signal, () => process.exit(code));
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--relay') return runRelay(argv.slice(1));
  if (argv[0] === '--paper-trail') {
    await createPaperTrailServer().connect(new StdioServerTransport());
    return;
  }
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
  const self = fileURLToPath(import.meta.url);
  await runExercise(
    {
      exercise: a.exercise,
      mode: a.mode,
      workspace: a.workspace,
      solution: a.solution,
      exercisesRoot: root,
      timeoutMs: a['timeout-ms'],
      relay: [process.execPath, self, '--relay'],
      // Bundled, Paper Trail's own main.ts is not on disk: serve it from this file.
      paperTrail: existsSync(PAPER_TRAIL_MAIN)
        ? undefined
        : { command: process.execPath, args: [self, '--paper-trail'] },
    },
    (event) => process.stdout.write(JSON.stringify(event) + '\n'),
  );
}

await main(process.argv.slice(2));
