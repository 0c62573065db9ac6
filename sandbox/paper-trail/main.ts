// Entry point: `npm run --silent paper-trail` (stdio) or `... -- --http --port N`.
// stdout belongs to the protocol on stdio, so every human-readable line goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { exitOnUsageError } from '../input/cli-args.ts';
import { USAGE, parsePaperTrailArgs } from './args.ts';
import { carrierAccountFrom } from './carrier.ts';
import { serveHttp } from './serve-http.ts';
import { createPaperTrailServer } from './server.ts';
import { printDependencyBanner } from './chatty.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  let args;
  try {
    args = parsePaperTrailArgs(process.argv.slice(2));
  } catch (error) {
    exitOnUsageError(error, USAGE, 'paper-trail');
  }

  if (args.mode === 'help') {
    // Asked-for help is not a protocol stream, but stderr keeps the stdout rule absolute.
    log(USAGE);
    return;
  }

  if (args.mode === 'stdio') {
    if (args.chatty) printDependencyBanner();
    const server = createPaperTrailServer({
      seed: args.seed,
      carrier: carrierAccountFrom(process.env),
      log,
      versions: args.versions,
      futureVersion: args.futureVersion,
      logging: args.logging,
      buggyOutput: args.buggyOutput,
      uncheckedOutput: args.uncheckedOutput,
      live: args.live,
      stepDelayMs: args.scanMs,
      pace: args.pace,
      secondScanMs: args.secondScanMs,
      repeatStatus: args.repeatStatus,
      maintenance: args.maintenance,
      chatty: args.chatty,
      asks: args.asks,
      undelivered: args.undelivered,
      delivered: args.delivered,
    });
    // A stray or malformed line is dropped by the SDK; say so where hosts keep logs.
    server.server.onerror = (error) => log(`paper-trail: ${error.message}`);
    await server.connect(new StdioServerTransport());
    log('paper-trail: speaking MCP on stdio');
    return;
  }

  await serveHttp(args, log);
}

main().catch((error: unknown) => {
  log(`paper-trail: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
