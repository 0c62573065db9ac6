// Every raw client of the course is judged in the same order: the basics (frames, ids, the
// handshake, known methods), then what its task has it send, whether it reads whole lines,
// what it does with what it read, and a clean exit. Written once, so an exercise lists only
// its own checks and no exercise puts the shared ones in another order.
import type { Check } from '../contract/check.ts';
import { cleanExit, rawClientBasics } from './client-checks.ts';
import { readsWholeLines } from './reads-lines.ts';

/** The methods of a session's lifecycle that every raw client may send. */
export const LIFECYCLE_METHODS = ['initialize', 'ping', 'notifications/initialized'];

/**
 * A raw client's checks, its known methods the lifecycle's and then `methods` (its task's):
 * `sends` (what its task has it send) after the basics, `then` (what it does with the answers)
 * after the line reading, and the clean exit last.
 */
export function sdkFreeClientChecks(
  methods: readonly string[],
  own: { sends: Check[]; then: Check[] },
): Check[] {
  const basics = rawClientBasics([...LIFECYCLE_METHODS, ...methods]);
  return [...basics, ...own.sends, readsWholeLines, ...own.then, cleanExit];
}
