// --pace: whether track_shipment rushes after its second scan, so a check can run a cancel
// against both a server that is still working and one that has already answered.
import { z } from 'zod';
import { paperTrailFeature } from '../feature.ts';
import type { Pace } from '../tools/track-shipment.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Whether track_shipment rushes after its second scan (default: drawn, or paced). */
    pace?: Pace;
  }
}

export default paperTrailFeature({
  lesson: 'notifications',
  flags: {
    pace: z
      .enum(['rushed', 'paced'], {
        error: (issue) => `--pace must be "rushed" or "paced", got "${String(issue.input)}"`,
      })
      .optional(),
  },
  synopsis: '[--pace rushed|paced]',
  help: [
    [
      '--pace rushed|paced',
      'how track_shipment spends its pauses: "rushed" sends every scan',
      'after the second, and the result, at once; "paced" pauses',
      'before each (default: a --seed run draws one, else paced)',
    ],
  ],
  options: (o) => ({ ...(o.pace !== undefined && { pace: o.pace }) }),
});
