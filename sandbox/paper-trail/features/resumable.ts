// --resumable and --drop-after: SSE streams a client can resume with Last-Event-ID, and a
// stream that ends mid-call so that it must.
import { z } from 'zod';
import { wholeNumber } from '../../input/cli-args.ts';
import { aSwitch, paperTrailFeature } from '../feature.ts';
import { DROP_POINTS, RETRY_MS, dropPointFor } from '../http-resume.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Store every SSE event so that a GET with Last-Event-ID can resume a lost stream. */
    resumable?: boolean;
    /** track_shipment ends its SSE stream after this many progress events. */
    dropAfter?: number;
  }
}

const outOfRange = `--drop-after must be from 1 to ${DROP_POINTS} or "any"`;
const dropRange = { min: 1, max: DROP_POINTS, tooSmall: outOfRange, tooLarge: outOfRange };

export default paperTrailFeature({
  lesson: 'streamable-http',
  flags: {
    resumable: aSwitch(),
    'drop-after': z
      .union([z.literal('any'), wholeNumber('--drop-after', dropRange)], {
        error: (issue) =>
          `--drop-after must be a whole number from 1 to ${DROP_POINTS} or "any", got "${String(issue.input)}"`,
      })
      .optional(),
  },
  synopsis: '[--resumable [--drop-after N|any]]',
  help: [
    [
      '--resumable',
      'keep every SSE event in a per-session event store: streams',
      `start with a priming event (id, retry: ${RETRY_MS}) and a GET with`,
      'Last-Event-ID resumes a lost one (lesson 7)',
    ],
    [
      '--drop-after N|any',
      "with --resumable: end track_shipment's SSE stream after its Nth",
      `progress event (1-${DROP_POINTS}); "any" draws N from --seed`,
    ],
  ],
  rules: [
    {
      holds: (o) => o['drop-after'] === undefined || Boolean(o.resumable),
      error:
        '--drop-after needs --resumable: a dropped stream can only be resumed from an event store',
    },
    {
      holds: (o) => !(o.resumable && o['json-response']),
      error:
        '--resumable needs SSE responses: a JSON response has no events to resume, leave out --json-response',
    },
  ],
  transport: 'http',
  options: (o, all) => ({
    ...(o.resumable && { resumable: true as const }),
    ...(o['drop-after'] !== undefined && {
      dropAfter:
        o['drop-after'] === 'any' ? dropPointFor(all.seed as number | undefined) : o['drop-after'],
    }),
  }),
});
