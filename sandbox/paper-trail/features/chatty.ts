// --chatty: a server with a noisy dependency, whose stray bytes land in the stdio frame stream.
// main.ts prints the banner; order_status warms the dependency's cache (features/order-status.ts).
import { aSwitch, paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** The first order_status warms a noisy dependency's cache first (chatty.ts). */
    chatty?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'stdout-belongs-to-the-protocol',
  flags: { chatty: aSwitch() },
  synopsis: '[--chatty]',
  help: [
    [
      '--chatty',
      '(stdio only) behave like a server with a noisy dependency: a',
      'banner on stdout, a helper process sharing stdout and a',
      'progress bar with no newline on the first order_status (lesson 9)',
    ],
  ],
  transport: 'stdio',
  whyTransport: 'it puts stray bytes on stdout, which HTTP does not use for frames',
  options: (o) => ({ ...(o.chatty && { chatty: true as const }) }),
});
