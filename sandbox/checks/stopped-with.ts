// A failure about a client that went quiet (sent nothing more, never came back) reads better
// with the reason when there is one: a program that crashed said why on its stderr.
import type { RunRecord } from '../contract/check.ts';
import { shownStderr } from './stderr-note.ts';

/** ` Your program stopped with: "TypeError: …".` when it exited with an error and said why. */
export function stoppedWith(run: RunRecord): string {
  const shown = shownStderr(run.program.stderr, 200);
  return run.program.exit?.code && shown ? ` Your program stopped with: ${shown}.` : '';
}
