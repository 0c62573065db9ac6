// A check whose subject never happened (no request sent, no answer to read) says so instead
// of passing over an empty list: "0 requests, each with its own id" is not a pass.
import type { NotReached, Said } from '../contract/check.ts';

/** The check had nothing to judge; `why` names what was missing. */
export function notReached(why: string | Said): NotReached {
  return { ok: false, reached: false, message: why };
}
