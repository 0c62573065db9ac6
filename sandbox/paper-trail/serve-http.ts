// Paper Trail's HTTP half started from its command line: main.ts and the two bundled
// harnesses (the WebContainer's and the take-home one) all start it here, so an exercise whose
// peer is Paper Trail over HTTP gets the same server wherever it runs. The "listening on"
// line on stderr is how the harness learns the URL (harness/http-peer.ts).
import { exitOnUsageError, failUsage } from '../input/cli-args.ts';
import { USAGE, parsePaperTrailArgs, type PaperTrailArgs } from './args.ts';
import { startHttpServer } from './http.ts';
import { closeOnSignal } from './shutdown.ts';

type HttpArgs = Extract<PaperTrailArgs, { mode: 'http' }>;

export async function serveHttp(args: HttpArgs, log: (line: string) => void): Promise<void> {
  // Every flag but the mode, so that a flag added to args.ts needs no edit here.
  const { mode: _http, ...options } = args;
  const running = await startHttpServer({
    ...options,
    greetGetStream: args.logging,
    log,
  });
  log(
    `paper-trail listening on ${running.url} (${args.jsonResponse ? 'JSON' : 'SSE'} responses; ` +
      `sessions end after ${args.sessionIdleMs / 1000} s idle, at most ${args.maxSessions} open)`,
  );
  closeOnSignal(running);
}

/** For the bundled entries: argv after `--paper-trail`, known to hold --http. */
export async function serveHttpFromArgv(argv: readonly string[]): Promise<void> {
  let args;
  try {
    args = parsePaperTrailArgs([...argv]);
  } catch (error) {
    exitOnUsageError(error, USAGE, 'paper-trail');
  }
  if (args.mode !== 'http') failUsage('expected --http', USAGE, 'paper-trail');
  await serveHttp(args, (line) => process.stderr.write(`${line}\n`));
}
