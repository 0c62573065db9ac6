// `npm run workshop [-- --port 4322] [--no-runtime]`: serves the built course for a
// classroom without internet. Run `npm run build` first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { failUsage, parseCliArgsOrExit, wholeNumber } from '../input/cli-args.ts';
import { timeoutMsFlag } from '../input/timeout-flag.ts';
import { startWorkshop } from './server.ts';

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
  exercisesRoot: repo + 'exercises',
  harnessMain: repo + 'sandbox/harness/main.ts',
  port: values.port,
  runtime: !values['no-runtime'],
  timeoutMs: values['timeout-ms'],
});
// Tests read this line to learn the port when they pass --port 0.
console.log(
  `Workshop server on ${workshop.url} (Node ${process.version}, runtime ${values['no-runtime'] ? 'off' : 'on'})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void workshop.close().then(() => process.exit(0));
  });
}
