// --scan-ms: the pause between track_shipment's scans, long enough to cancel by hand.
import { wholeNumber } from '../../input/cli-args.ts';
import { paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Pause between track_shipment progress steps; small so sessions stay quick. */
    stepDelayMs?: number;
  }
}

export default paperTrailFeature({
  lesson: 'notifications',
  flags: { 'scan-ms': wholeNumber('--scan-ms', { max: 60_000 }).optional() },
  synopsis: '[--scan-ms MS]',
  help: [
    [
      '--scan-ms MS',
      'pause between two track_shipment scans, 0-60000 ms (default',
      '20), long enough to cancel by hand; a --seed run plans its own',
    ],
  ],
  options: (o) => ({ ...(o['scan-ms'] !== undefined && { stepDelayMs: o['scan-ms'] }) }),
});
