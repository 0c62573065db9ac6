// The harness as it runs inside a WebContainer, bundled with the SDK into one file
// (runtime/harness.mjs) so the container never runs npm install. It differs from
// sandbox/harness/main.ts only in how events leave: the container's output is a merged
// pseudo-terminal, so each event is printed behind a per-run sentinel (see sentinel.ts).
// The same file is the stdio tap (`--relay`), the connector to the docked server
// (`--connect`) and the Paper Trail server (`--paper-trail`); a known server that is a
// program of its own in the container (the servers table's ownProgram: Paper Trail v2) is
// mounted beside it with the exercises that name it. `--console` runs the wire console's
// session (console-run.ts) instead of an exercise.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createPaperTrailServer } from '../../paper-trail/server.ts';
import { stdioServerOptions } from '../../paper-trail/stdio-options.ts';
import { serveHttpFromArgv } from '../../paper-trail/serve-http.ts';
import { checks } from '../../course/exercise-checks.ts';
import { bundledServers, KNOWN_SERVERS } from '../../exercises/servers.ts';
import { runExercise } from '../../harness/run.ts';
import { CONSOLE_FLAG, runConsole } from '../../harness/console-run.ts';
import { exitOnSignals } from '../../harness/signals.ts';
import { runConnector } from '../../tap/connector.ts';
import { runRelay } from '../../tap/relay.ts';
import { formatSentinelLine } from '../shared/sentinel.ts';
import { CONTAINER_PATHS } from '../shared/container-paths.ts';

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--relay') return runRelay(argv.slice(1));
  if (argv[0] === '--connect') return runConnector(argv.slice(1));
  if (argv[0] === KNOWN_SERVERS['paper-trail'].bundleFlag) {
    // An exercise whose peer is Paper Trail over HTTP starts its HTTP half.
    if (argv.includes('--http')) return serveHttpFromArgv(argv.slice(1));
    // A check run passes --seed: this run's variation of the orders (paper-trail/orders.ts).
    // Every stdio flag of Paper Trail works here too (--versions, --buggy-output…: stdio-options.ts).
    const server = createPaperTrailServer(stdioServerOptions(argv.slice(1)));
    await server.connect(new StdioServerTransport());
    return;
  }
  // A stopped run must take the learner's processes with it (see signals.ts). Only the
  // harness: the relay passes signals on to its server and lets the server decide.
  exitOnSignals();
  const nonce = (values: { nonce?: string }) => values.nonce ?? '';
  const self = process.argv[1] ?? CONTAINER_PATHS.harness;
  const relay = [process.execPath, self, '--relay'];
  const connector = [process.execPath, self, '--connect'];
  // The servers' sources are not in the container: this same bundle serves Paper Trail, and
  // a program of its own beside it each server that has one (mounted as RuntimeManifest's
  // extraFiles with the exercises whose peer names it).
  const servers = bundledServers(self, { ownPrograms: true });
  if (argv[0] === CONSOLE_FLAG) {
    const { values } = parseArgs({
      args: argv.slice(1),
      options: { workspace: { type: 'string' }, nonce: { type: 'string' } },
      strict: true,
    });
    return runConsole(
      {
        workspace: values.workspace ?? '',
        workRoot: join(CONTAINER_PATHS.exercises, '..', '.workspaces'),
        relay,
        connector,
        servers,
      },
      (event) => process.stdout.write(formatSentinelLine(nonce(values), event)),
    );
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      exercise: { type: 'string' },
      mode: { type: 'string' },
      workspace: { type: 'string' },
      nonce: { type: 'string' },
      // The container's Node cannot strip types: run the .js twins (see RunOptions.stripped).
      stripped: { type: 'boolean' },
    },
    strict: true,
  });
  await runExercise(
    {
      exercise: values.exercise ?? '',
      mode: values.mode === 'check' ? 'check' : 'run',
      workspace: values.workspace,
      stripped: values.stripped,
      exercisesRoot: CONTAINER_PATHS.exercises,
      relay,
      connector,
      servers,
      checks,
    },
    (event) => process.stdout.write(formatSentinelLine(nonce(values), event)),
  );
}

await main(process.argv.slice(2));
