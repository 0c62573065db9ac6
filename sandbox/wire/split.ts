// One message cut into several lines: the most common framing mistake on stdio (a client
// that pretty-prints with JSON.stringify(x, null, 2)). The receiver sees lines that are not
// JSON; only joining them shows what the sender meant.
import type { FrameReading } from './read.ts';
import type { Direction } from './record.ts';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lines that are pieces of one JSON message written over several lines (pretty-printed):
 * returns the seqs of a run of frames whose joined text parses although no single one does.
 */
export function findSplitMessage(reads: readonly FrameReading[], dir: Direction): number[] | null {
  const mine = reads.filter((r) => r.frame.dir === dir);
  for (let i = 0; i < mine.length; i++) {
    if (mine[i].json !== undefined) continue;
    let joined = mine[i].frame.text;
    for (let j = i + 1; j < mine.length && j < i + 200; j++) {
      if (mine[j].json !== undefined && mine[j].message) break;
      joined += '\n' + mine[j].frame.text;
      if (parses(joined)) return mine.slice(i, j + 1).map((r) => r.frame.seq);
    }
  }
  return null;
}
