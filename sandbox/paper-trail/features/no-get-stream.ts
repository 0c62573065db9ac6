// --no-get-stream: a server that offers no stream for messages tied to no request.
import { aSwitch, paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Answer GET with 405: this server offers no stream for messages tied to no request. */
    noGetStream?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'streamable-http',
  flags: { 'no-get-stream': aSwitch() },
  synopsis: '[--no-get-stream]',
  help: [['--no-get-stream', 'answer GET with 405: no stream for messages tied to no request']],
  transport: 'http',
  options: (o) => ({ ...(o['no-get-stream'] && { noGetStream: true as const }) }),
});
