// Messages that name several frames ("in frame 4, frame 7, frame 9", "frames 3, 5, 8") list
// them one way, each mention kept as data so the page links every one.
import type { Said } from '../contract/check.ts';
import { frameRef, joined, say } from './say.ts';

/** Frame mentions joined with ", "; `numbers` shows each as its number alone ("frames 3, 5"). */
export function frameList(seqs: readonly number[], numbers = false): Said {
  const refs = seqs.map((seq) => say`${numbers ? frameRef(seq, String(seq)) : frameRef(seq)}`);
  return joined(refs, ', ');
}
