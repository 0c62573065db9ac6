// --unchecked-output: the broken structured output of --buggy-output, sent to the client as a
// server without the SDK's output check would send it.
import { aSwitch, paperTrailFeature } from '../feature.ts';
import { sendOutputUnchecked } from '../tools/unchecked-output.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** order_status's broken structured output reaches the wire (tools/unchecked-output.ts). */
    uncheckedOutput?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'tools-in-depth',
  flags: { 'unchecked-output': aSwitch() },
  help: [
    [
      '--unchecked-output',
      'the same broken output, sent to the client unchecked, as a',
      "server without the SDK's output check would send it",
    ],
  ],
  options: (o) => ({ ...(o['unchecked-output'] && { uncheckedOutput: true as const }) }),
  register: ({ server, options }) => {
    if (options.uncheckedOutput) sendOutputUnchecked(server);
  },
});
