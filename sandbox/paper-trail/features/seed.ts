// --seed: a check run's own variation of the orders, so no answer can be typed in advance.
import { wholeNumber } from '../../input/cli-args.ts';
import { paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Serve this run's variation of the orders (orders.ts), not the fixed ones. */
    seed?: number;
  }
}

export default paperTrailFeature({
  lesson: 'the-wire',
  flags: { seed: wholeNumber('--seed', { max: 2 ** 32 - 1 }).optional() },
  synopsis: '[--seed N]',
  help: [
    [
      '--seed N',
      'serve a per-run variation of the orders drawn from N (what a',
      'check run does); without it, the fixed orders the lessons quote',
    ],
  ],
  options: (o) => ({ ...(o.seed !== undefined && { seed: o.seed }) }),
});
