// --buggy-output: order_status's structured output breaks its outputSchema, to watch the
// SDK's output validation turn it into an error.
import { aSwitch, paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** order_status's structured output breaks its outputSchema (tools/buggy-output.ts). */
    buggyOutput?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'tools-in-depth',
  flags: { 'buggy-output': aSwitch() },
  synopsis: '[--buggy-output | --unchecked-output]',
  help: [
    [
      '--buggy-output',
      'order_status sends structured output that breaks its',
      'outputSchema (eta as a number), to watch output validation',
    ],
  ],
  options: (o) => ({ ...(o['buggy-output'] && { buggyOutput: true as const }) }),
});
