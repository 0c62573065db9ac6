// --versions: a server that accepts only some protocol versions, to watch a client offered
// another one in initialize.
import { paperTrailFeature } from '../feature.ts';
import { SDK_PROTOCOL_VERSIONS, acceptOnlyVersions } from '../handshake.ts';
import { versionsFlag } from '../versions-flag.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** Protocol versions accepted in initialize; all the SDK's when absent. */
    versions?: readonly string[];
  }
}

export default paperTrailFeature({
  lesson: 'the-handshake',
  flags: { versions: versionsFlag.optional() },
  synopsis: '[--versions V1,V2]',
  help: [
    [
      '--versions V1,V2,...',
      'accept only these protocol versions in initialize; another offer',
      "is answered with the newest of them (default: all the SDK's,",
      `${SDK_PROTOCOL_VERSIONS.join(', ')})`,
    ],
  ],
  options: (o) => ({ ...(o.versions !== undefined && { versions: o.versions }) }),
  register: ({ server, options }) => {
    if (options.versions) acceptOnlyVersions(server, options.versions);
  },
});
