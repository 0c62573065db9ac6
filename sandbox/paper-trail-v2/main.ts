// Entry point: `npm run --silent paper-trail-v2` (stdio) or `... -- --http --port N`.
// On stdio, stdout belongs to the protocol, so every human-readable line goes to stderr.
import { exitOnUsageError } from '../input/cli-args.ts';
import { USAGE_V2, parsePaperTrailV2Args, type PaperTrailV2Args } from './args.ts';
import { startHttpV2Server } from './http.ts';
import { serveStdioV2 } from './stdio.ts';
import { closeOnSignal } from '../paper-trail/shutdown.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  let args: PaperTrailV2Args;
  try {
    args = parsePaperTrailV2Args(process.argv.slice(2));
  } catch (error) {
    exitOnUsageError(error, USAGE_V2, 'paper-trail-v2');
  }
  if (args.mode === 'help') {
    log(USAGE_V2);
    return;
  }
  if (args.mode === 'stdio') {
    serveStdioV2(args);
    log(`paper-trail-v2: speaking MCP on stdio (2025-11-25 clients: ${args.legacy})`);
    return;
  }
  const running = await startHttpV2Server({
    port: args.port,
    legacy: args.legacy,
    seed: args.seed,
    undelivered: args.undelivered,
    inputKey: args.inputKey,
    jsonResponse: args.jsonResponse,
    log,
  });
  log(`paper-trail-v2 listening on ${running.url} (2025-11-25 clients: ${args.legacy})`);
  closeOnSignal(running);
}

main().catch((error: unknown) => {
  log(`paper-trail-v2: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
