// carrier://account: what the server's environment said about the carrier key, for the lesson
// on what a stdio server inherits and what it must not send back.
import { registerCarrierResource } from '../carrier.ts';
import { paperTrailFeature } from '../feature.ts';

export default paperTrailFeature({
  lesson: 'hosts-clients-servers',
  flags: {},
  register: ({ server, options, log }) =>
    registerCarrierResource(server, options.carrier ?? { keySeen: false }, log),
});
