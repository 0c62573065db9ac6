// "Was it answered with an error, and which?" is asked of replies in many checks; reading it
// one way keeps the test for the error kind and the reach into its members in one place.
import type { Read } from './frames.ts';

/** The error a reply carried (code, message, data), or undefined for a result or no reply. */
export function errorOf(r: Read | undefined) {
  return r?.message?.kind === 'error' ? r.message.error : undefined;
}
