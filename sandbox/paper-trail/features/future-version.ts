// --future-version: a server of a later revision, answering with a version the SDK does not
// speak, so a client must hang up.
import { paperTrailFeature } from '../feature.ts';
import { answerFutureVersion } from '../handshake.ts';
import { futureVersionFlag } from '../versions-flag.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Answer every initialize with this version, one the SDK does not speak. */
    futureVersion?: string;
  }
}

export default paperTrailFeature({
  lesson: 'the-handshake',
  flags: { 'future-version': futureVersionFlag.optional() },
  synopsis: '[--future-version V]',
  help: [
    [
      '--future-version V',
      'answer every initialize with V (YYYY-MM-DD), a version the SDK',
      'does not speak, as a server of a later revision would (lesson 3)',
    ],
  ],
  rules: [
    {
      holds: (o) => o.versions === undefined || o['future-version'] === undefined,
      error:
        '--future-version and --versions contradict each other: one answers a version no SDK speaks, the other only versions it does',
    },
  ],
  options: (o) => ({
    ...(o['future-version'] !== undefined && { futureVersion: o['future-version'] }),
  }),
  register: ({ server, options }) => {
    if (options.futureVersion) answerFutureVersion(server, options.futureVersion);
  },
});
