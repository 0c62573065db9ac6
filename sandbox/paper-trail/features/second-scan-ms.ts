// --second-scan-ms: a long pause before track_shipment's second scan, so a client that holds a
// stream's progress until the stream ends shows the first scan late.
import { wholeNumber } from '../../input/cli-args.ts';
import { paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** track_shipment's pause before its second scan, whatever the plan says. */
    secondScanMs?: number;
  }
}

export default paperTrailFeature({
  lesson: 'streamable-http',
  flags: { 'second-scan-ms': wholeNumber('--second-scan-ms', { max: 60_000 }).optional() },
  synopsis: '[--second-scan-ms MS]',
  help: [
    [
      '--second-scan-ms MS',
      "pause this long before track_shipment's second scan, 0-60000",
      "ms, a --seed run too: a client that holds a stream's progress",
      'until the stream ends then prints the first scan that late',
    ],
  ],
  options: (o) => ({
    ...(o['second-scan-ms'] !== undefined && { secondScanMs: o['second-scan-ms'] }),
  }),
});
