// --logging: the logging capability, logging/setLevel honoured and each order_status call
// logged as notifications/message.
import { aSwitch, paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Declare the logging capability and log tool calls as notifications/message. */
    logging?: boolean;
  }
}

export default paperTrailFeature({
  lesson: 'the-handshake',
  flags: { logging: aSwitch() },
  synopsis: '[--logging]',
  help: [
    [
      '--logging',
      'declare the logging capability: honour logging/setLevel and log',
      'each order_status call as notifications/message',
    ],
  ],
  options: (o) => ({ ...(o.logging && { logging: true }) }),
  // Declared when the server is made: the SDK installs its logging/setLevel handler then.
  capabilities: (options) => (options.logging ? { logging: {} } : undefined),
});
