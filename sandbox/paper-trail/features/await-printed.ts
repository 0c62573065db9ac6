// --await-printed: track_shipment holds its next event after a progress notification until
// the client has printed that progress message, as a line on Paper Trail's stdin (a check run
// copies the client's stdout there), or until the cap has passed. A client that prints each
// message as it arrives then always shows it before the next event; one that holds the
// messages back shows it only after the server gave up and sent more, whatever the load.
import { wholeNumber } from '../../input/cli-args.ts';
import { paperTrailFeature } from '../feature.ts';
import { printedOnStdin } from '../printed-lines.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** How long track_shipment waits for a progress message to be printed before going on. */
    awaitPrintedMs?: number;
  }
}

export default paperTrailFeature({
  lesson: 'streamable-http',
  flags: { 'await-printed': wholeNumber('--await-printed', { max: 60_000 }).optional() },
  synopsis: '[--await-printed MS]',
  help: [
    [
      '--await-printed MS',
      "before track_shipment's next event after a progress notification,",
      'wait up to MS ms (0-60000) for its message as a line on stdin,',
      "where a check run copies the client's stdout; after one wait in",
      'vain the call goes on without waiting',
    ],
  ],
  transport: 'http',
  whyTransport: "on stdio, stdin carries the client's messages",
  options: (o) => ({
    ...(o['await-printed'] !== undefined && { awaitPrintedMs: o['await-printed'] }),
  }),
});

/**
 * What track_shipment awaits after each progress message: true once printed, false on a
 * miss, which it says on stderr with the progress value, so that a check knows which events
 * came after the server stopped waiting (fetch-client's prints-as-it-arrives.ts).
 */
export function awaitPrinted(ms: number, log: (line: string) => void) {
  return async (message: string, progress: number): Promise<boolean> => {
    const shown = await printedOnStdin().sent(message, ms);
    if (!shown)
      log(
        `paper-trail: ${JSON.stringify(message)} (progress ${progress}) was not printed within ${ms} ms; track_shipment goes on without waiting`,
      );
    return shown;
  };
}
