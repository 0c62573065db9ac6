// `npm run workshop [-- --port 4322] [--no-runtime]`: serves the built course for a
// classroom without internet. Run `npm run build` first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startWorkshop } from './server.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4322' },
    dist: { type: 'string', default: repo + 'dist' },
    'no-runtime': { type: 'boolean', default: false },
    'timeout-ms': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
if (!existsSync(values.dist + '/index.html')) {
  console.error(`No built site in ${values.dist}. Run \`npm run build\` first.`);
  process.exit(2);
}

const workshop = await startWorkshop({
  dist: values.dist,
  exercisesRoot: repo + 'exercises',
  harnessMain: repo + 'sandbox/harness/main.ts',
  port,
  runtime: !values['no-runtime'],
  timeoutMs: values['timeout-ms'] ? Number(values['timeout-ms']) : undefined,
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
