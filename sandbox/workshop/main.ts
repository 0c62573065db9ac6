// `npm run workshop [-- --port 4322] [--no-runtime]`: serves the built course for a
// classroom without internet. Run `npm run build` first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { failUsage, parseCliArgsOrExit, wholeNumber } from '../input/cli-args.ts';
import { timeoutMsFlag } from '../input/timeout-flag.ts';
import { startWorkshop } from './server.ts';
import { STOP_GRACE_MS } from '../runtime/server/harness-run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));

const USAGE = `usage: npm run workshop [-- [--port N] [--dist DIR] [--no-runtime] [--timeout-ms N]]

  --port N          port to serve on, 0-65535; 0 picks a free one (default 4322)
  --dist DIR        the built site (default dist/, written by npm run build)
  --no-runtime      serve the pages only, without the local exercise runtime
  --timeout-ms N    the longest one exercise run may take`;

const Options = z.object({
  port: wholeNumber('--port', {
    max: 65535,
    tooLarge: '--port must be a port number, 0 to 65535',
  }).default(4322),
  dist: z
    .string()
    .min(1, { error: '--dist needs a folder' })
    .default(repo + 'dist'),
  'no-runtime': z.boolean().default(false),
  'timeout-ms': timeoutMsFlag,
});

const values = parseCliArgsOrExit(process.argv.slice(2), {
  schema: Options,
  usage: USAGE,
  command: 'workshop',
});
if (!existsSync(values.dist + '/index.html')) {
  failUsage(`No built site in ${values.dist}. Run \`npm run build\` first.`, USAGE, 'workshop');
}

const workshop = await startWorkshop({
  dist: values.dist,
  exercisesRoot: repo,
  harnessMain: repo + 'sandbox/harness/main.ts',
  port: values.port,
  runtime: !values['no-runtime'],
  timeoutMs: values['timeout-ms'],
});
// Tests read this line to learn the port when they pass --port 0.
console.log(
  `Workshop server on ${workshop.url} (Node ${process.version}, runtime ${values['no-runtime'] ? 'off' : 'on'})`,
);

// Ctrl-C, a kill or a closed terminal: end the runs first, or their learner programs go on
// until their time limit and their work folders stay in the temp folder. Stopping is
// bounded (a harness that does not stop is killed), so a second signal has nothing to add.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // After a hang-up the terminal is gone: a failed log line must not cut the cleanup short.
    process.stdout.on('error', () => undefined);
    console.log(`Workshop server stopping (${signal}): ending the runs in progress…`);
    // Should a run still not end, the server leaves anyway rather than hang on.
    setTimeout(() => process.exit(1), STOP_GRACE_MS + 2_000).unref();
    void workshop.close().then(() => process.exit(0));
  });
}
