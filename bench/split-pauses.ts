// How many pauses the split delivery makes in one check of an exercise's solution: one after
// every piece that ends inside a line (sandbox/tap/split-delivery.ts). They are the chunking
// test itself, so they belong to a check's floor as much as the programs' own run does. The
// count comes from the tap's own cutting rule applied to the replies the check recorded; it
// differs from check to check, since Paper Trail's data follows each check's seed.
import { checks } from '../exercises/registry.ts';
import type { FrameRecord } from '../sandbox/wire/record.ts';
import { runExercise } from '../sandbox/harness/run.ts';
import { nextPiece } from '../sandbox/tap/cuts.ts';
import { PIECE_GAP_MS } from '../sandbox/tap/split-delivery.ts';

export { PIECE_GAP_MS };

export async function splitPauses(exercise: string): Promise<number> {
  const replies: FrameRecord[] = [];
  const summary = await runExercise({ exercise, mode: 'check', solution: true, checks }, (e) => {
    if (e.type === 'frame' && e.dir === 's2c') replies.push(e);
  });
  if (!summary.passed || summary.seed === undefined) {
    throw new Error(`the ${exercise} solution did not pass its check: ${summary.summary}`);
  }
  let pauses = 0;
  let cuts = 0;
  // Replies come one at a time in this exchange: each line is cut on its own.
  for (const reply of replies) {
    let pending = Buffer.from(reply.text + '\n');
    let atLineStart = true;
    while (pending.length > 0) {
      const piece = nextPiece(pending, atLineStart, summary.seed, cuts);
      if (piece.cut) cuts++;
      atLineStart = pending[piece.length - 1] === 0x0a;
      pending = pending.subarray(piece.length);
      if (!atLineStart) pauses++;
    }
  }
  return pauses;
}
