// track_shipment: a long call that reports each carrier scan as progress and honours a cancel.
// Its pacing flags are features of their own (scan-ms.ts, pace.ts, second-scan-ms.ts,
// await-printed.ts).
import { paperTrailFeature } from '../feature.ts';
import { registerTrackShipment } from '../tools/track-shipment.ts';
import { awaitPrinted } from './await-printed.ts';

export default paperTrailFeature({
  lesson: 'notifications',
  flags: {},
  register: (context) => {
    const { options } = context;
    context.tracking = registerTrackShipment(context.server, {
      seed: options.seed,
      stepDelayMs: options.stepDelayMs ?? 20,
      pace: options.pace,
      secondScanMs: options.secondScanMs,
      requireOrder: context.requireOrder,
      dropAfter: options.dropAfter,
      ...(options.awaitPrintedMs !== undefined && {
        awaitPrinted: awaitPrinted(options.awaitPrintedMs, context.log),
      }),
    });
  },
});
