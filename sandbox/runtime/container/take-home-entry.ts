// harness.mjs in the zip that "Download this exercise" gives: the same harness as in the
// container (runExercise, the tap, Paper Trail, the checks), bundled into one file with the
// SDK and zod, that prints its verdict as text with the exercise CLI's renderer
// (sandbox/cli/report.ts) so a learner without npm can run `node harness.mjs check`.
// Like the container's entry, the same file is the stdio tap (`--relay`), the connector to
// the docked server (`--connect`) and every known server under its bundleFlag
// (`--paper-trail`, `--paper-trail-v2`: exercises/servers.ts), so the folder needs nothing
// but a node.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { checks } from '../../course/exercise-checks.ts';
import {
  checkReport,
  exitCodeOf,
  harnessErrorLine,
  killedNote,
  runEventText,
  unflushedNote,
} from '../../cli/report.ts';
import { commandSlot, noCommandSlot } from '../../exercises/command-slot.ts';
import { missingProgram } from '../../exercises/command-program.ts';
import { commandFlag } from '../../input/command-flag.ts';
import { watchExercise } from '../../cli/watch.ts';
import { EXERCISE_ID_RULE, exerciseIdSchema } from '../../exercises/ids.ts';
import { loadExercise } from '../../exercises/loader.ts';
import { bundledServers, KNOWN_SERVERS, SERVER_NAMES } from '../../exercises/servers.ts';
import { accepting, runExercise } from '../../harness/run.ts';
import { exitOnSignals } from '../../harness/signals.ts';
import { failUsage, parseCliArgsOrExit } from '../../input/cli-args.ts';
import { timeoutMsFlag } from '../../input/timeout-flag.ts';
import { createPaperTrailServer } from '../../paper-trail/server.ts';
import { stdioServerOptions } from '../../paper-trail/stdio-options.ts';
import { serveHttpFromArgv } from '../../paper-trail/serve-http.ts';
import { serveStdioV2FromArgv } from '../../paper-trail-v2/stdio.ts';
import { runConnector } from '../../tap/connector.ts';
import { runRelay } from '../../tap/relay.ts';
import { TAKE_HOME_PATHS } from '../shared/take-home-parts.ts';

const USAGE =
  'usage: node harness.mjs run      run your code once and show its output\n' +
  "       node harness.mjs check    run it and judge it with the exercise's checks\n" +
  '       node harness.mjs watch    check it, then again each time you save a file (Ctrl-C stops)\n' +
  "       options: [--exercise <id>] [--json] (check only) [--timeout-ms N] [--cmd '<command>']\n" +
  "       --cmd '<command>' runs your program in any language (e.g. --cmd 'python3 client.py')";

const Args = z.object({
  command: z.enum(['run', 'check', 'watch'], {
    error: (issue) =>
      issue.input === undefined
        ? 'no command given: say run, check or watch'
        : `unknown command "${String(issue.input)}": say run, check or watch`,
  }),
  exercise: exerciseIdSchema({
    missing: '--exercise needs an exercise id',
    wrong: `the exercise id must be ${EXERCISE_ID_RULE}`,
  }).optional(),
  json: z.boolean().default(false),
  'timeout-ms': timeoutMsFlag,
  cmd: commandFlag.optional(),
});

const Marker = z.object({ exercise: z.string() });

/** The exit code, or undefined where the tap or the server decides it (they run on). */
async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === '--relay') {
    runRelay(argv.slice(1));
    return undefined;
  }
  if (argv[0] === '--connect') {
    runConnector(argv.slice(1));
    return undefined;
  }
  // Paper Trail v2 on stdio, with its flags and --seed.
  if (argv[0] === KNOWN_SERVERS['paper-trail-v2'].bundleFlag) {
    serveStdioV2FromArgv(argv.slice(1));
    return undefined;
  }
  if (argv[0] === KNOWN_SERVERS['paper-trail'].bundleFlag) {
    // An exercise whose peer is Paper Trail over HTTP starts its HTTP half.
    if (argv.includes('--http')) {
      await serveHttpFromArgv(argv.slice(1));
      return undefined;
    }
    // A check run passes --seed: this run's variation of the orders (paper-trail/orders.ts).
    // Every stdio flag of Paper Trail works here too (--versions, --buggy-output…: stdio-options.ts).
    await createPaperTrailServer(stdioServerOptions(argv.slice(1))).connect(
      new StdioServerTransport(),
    );
    return undefined;
  }
  const a = parseCliArgsOrExit(argv, {
    schema: Args,
    positionals: {
      names: ['command'],
      tooMany: (words) => `give one command, run, check or watch (got ${words.join(' ')})`,
    },
    usage: USAGE,
  });
  if (a.json && a.command !== 'check') failUsage('--json goes with check', USAGE);
  // Exercises are TypeScript, run by the very node running this file; say so up front
  // rather than let the learner's program die of a syntax error at its first type.
  if (!canStripTypes()) {
    process.stderr.write(
      `This Node (${process.version}) does not run TypeScript files (its type stripping is ` +
        'missing or turned off). Use Node 22.18 or newer (https://nodejs.org), without ' +
        '--no-experimental-strip-types, then run this again.\n',
    );
    return 3;
  }
  // The bundle's import.meta.url is fixed (see bundle.ts): argv[1] is where this file is.
  const self = resolve(process.argv[1]);
  const folder = dirname(self);
  const exercise = a.exercise ?? exerciseNextToMe(folder);
  const exercisesRoot = join(folder, TAKE_HOME_PATHS.exercises);
  // A wrong --exercise is the learner's typing, not a harness error (as in the exercise CLI).
  let editable: string[] = [];
  try {
    const meta = loadExercise(exercisesRoot, exercise).meta;
    editable = meta.files.editable;
    if (a.cmd && !commandSlot(meta)) {
      failUsage(noCommandSlot(exercise, accepting(exercisesRoot)), USAGE);
    }
  } catch (err) {
    failUsage((err as Error).message, USAGE);
  }
  const missing = a.cmd && missingProgram(a.cmd, folder, process.env.PATH);
  if (missing) failUsage(missing, USAGE);
  const options = {
    exercise,
    // The learner's files sit next to this file; only the editable ones are taken.
    workspace: folder,
    exercisesRoot,
    timeoutMs: a['timeout-ms'],
    relay: [process.execPath, self, '--relay'],
    connector: [process.execPath, self, '--connect'],
    // One file serves every known server: the zip carries no program of its own for any.
    servers: bundledServers(self, { ownPrograms: false }),
    // A program of the learner's own: their files, without the take-home's own.
    command: a.cmd,
    notLearners: [...Object.values(TAKE_HOME_PATHS), 'package.json'],
    checks,
  };
  if (a.command === 'watch') {
    watchExercise({
      folder,
      editable: a.cmd ? undefined : editable,
      command: a.cmd !== undefined,
      check: () => runExercise({ ...options, mode: 'check' }, () => {}),
      write: (stream, text) => process[stream].write(text),
    });
    // Only Ctrl-C ends it: exitOnSignals exits with the signal's code.
    return new Promise<undefined>(() => {});
  }

  const summary = await runExercise(
    {
      ...options,
      mode: a.command,
    },
    (event) => {
      if (a.command !== 'run') return;
      const shown = runEventText(event);
      if (shown) process[shown.stream].write(shown.text);
    },
  );
  if (summary.verdict === 'error') {
    // In run mode the summary was already printed as the run's last line.
    if (a.command === 'check') process.stderr.write(harnessErrorLine(summary));
    return exitCodeOf(summary);
  }
  process.stderr.write(killedNote(summary));
  process.stderr.write(unflushedNote(summary, a.cmd !== undefined));
  if (a.command === 'check') process.stdout.write(checkReport(summary, a.json));
  return exitCodeOf(summary);
}

/** The exercise this folder was downloaded for (take-home.json), or a usage error. */
function exerciseNextToMe(folder: string): string {
  const path = join(folder, TAKE_HOME_PATHS.marker);
  try {
    return Marker.parse(JSON.parse(readFileSync(path, 'utf8'))).exercise;
  } catch {
    return failUsage(
      `cannot tell which exercise this is: ${path} is missing or damaged; name it with --exercise <id>`,
      USAGE,
    );
  }
}

/** Node 22.18+ and 23.6+ strip types by default; process.features says so from 22.10 on. */
function canStripTypes(): boolean {
  const typescript = (process.features as { typescript?: string | false }).typescript;
  if (typescript !== undefined) return typescript !== false;
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
}

// Ctrl-C must not leave the learner's program running (see signals.ts).
const serving = ['--relay', '--connect', ...SERVER_NAMES.map((n) => KNOWN_SERVERS[n].bundleFlag)];
if (!serving.includes(process.argv[2] ?? '')) {
  exitOnSignals({ watchParent: true });
}
const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
