// Paper Trail v2 on stdio: the one place that starts it, for `npm run paper-trail-v2` and for
// the bundled harnesses (WebContainer, take-home), where the harness file itself serves it.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { parsePaperTrailV2Args } from './args.ts';
import { createPaperTrailV2 } from './server.ts';

export interface StdioV2Options {
  legacy: 'serve' | 'reject';
  seed?: number;
  undelivered?: boolean;
  inputKey?: string;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export function serveStdioV2(options: StdioV2Options): void {
  const { seed, undelivered, inputKey } = options;
  // The first message decides the revision of the whole connection: initialize (or a
  // request without the _meta envelope) is 2025-11-25, a request with it is 2026-07-28.
  serveStdio(() => createPaperTrailV2({ seed, undelivered, inputKey }), {
    legacy: options.legacy,
    onerror: (error) => log(`paper-trail-v2: ${error.message}`),
  });
}

/** For a harness started as `<bundle> --paper-trail-v2 [flags]`: stdio flags only. */
export function serveStdioV2FromArgv(argv: readonly string[]): void {
  const args = parsePaperTrailV2Args(argv);
  if (args.mode !== 'stdio') throw new Error('paper-trail-v2 in a harness serves stdio only');
  serveStdioV2(args);
}
