// --await-reads: with --live, the watched order's next update waits until the client has read
// the order (first after subscribing, then after each update) or the cap has passed, instead
// of following on a timer. A correct client
// on a slow machine then always reads between two updates, however long it takes to react;
// one that never reads, or reads on a timer of its own, still shows it: after the first
// re-read comes a quiet spell longer than the cap, in which a client that polls reads with no
// update to read for, and a client slower than the cap meets two updates in a row.
import { wholeNumber } from '../../input/cli-args.ts';
import { paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** With live: how long the next update of the watched order waits for the client's read. */
    awaitReadsMs?: number;
  }
}

export default paperTrailFeature({
  lesson: 'resources-and-prompts',
  flags: { 'await-reads': wholeNumber('--await-reads', { min: 1, max: 60_000 }).optional() },
  synopsis: '[--await-reads MS]',
  help: [
    [
      '--await-reads MS',
      'with --live: after the subscription and each update of the watched',
      'order, wait up to MS ms (1-60000) for a resources/read of it before',
      'the next update; after the first such read, MS + 500 ms pass with',
      'no update',
    ],
  ],
  rules: [
    {
      holds: (o) => Boolean(o.live) || o['await-reads'] === undefined,
      error: '--await-reads only makes sense together with --live: it paces a watched order',
    },
  ],
  options: (o) => ({
    ...(o['await-reads'] !== undefined && { awaitReadsMs: o['await-reads'] }),
  }),
});
