// A failure that lists what went wrong names the first few and counts the rest, so a server
// that writes forty stray lines gets a readable sentence that still says how many there were.
import type { Said } from '../contract/check.ts';
import { joined, say } from './say.ts';

/** The first `max` items joined with "; ", then "; and 3 more" for the ones left out. */
export function firstFew(items: readonly Said[], max: number): Said {
  const more = items.length > max ? `; and ${items.length - max} more` : '';
  return say`${joined(items.slice(0, max), '; ')}${more}`;
}
