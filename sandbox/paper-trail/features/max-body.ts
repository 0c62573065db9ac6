// --max-body: the size over which a POST body is refused, to watch a 413 on the wire.
import { wholeNumber } from '../../input/cli-args.ts';
import { paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Refuse a POST body over this many bytes with 413 (the SDK's default is 4 MiB). */
    maxBodyBytes?: number;
  }
}

export default paperTrailFeature({
  lesson: 'streamable-http',
  flags: {
    'max-body': wholeNumber('--max-body', {
      min: 64,
      max: 4 * 1024 * 1024,
      unit: 'bytes',
    }).optional(),
  },
  synopsis: '[--max-body BYTES]',
  help: [['--max-body BYTES', "refuse a POST body over BYTES with 413 (default 4 MiB, the SDK's)"]],
  transport: 'http',
  options: (o) => ({ ...(o['max-body'] !== undefined && { maxBodyBytes: o['max-body'] }) }),
});
