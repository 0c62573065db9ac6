// What a check under way is waiting for, in one line the check pane updates each second: a
// check can take twenty seconds, and "Checking…" alone reads like a hang. The phase comes
// from the harness's events so far; nothing here guesses at time left.
import type { HarnessEvent } from '../../sandbox/contract/events.ts';

export interface CheckProgress {
  /** Reads the next harness event of the run. */
  see(event: HarnessEvent): void;
  /** The line to show `elapsedMs` after the check started. */
  line(elapsedMs: number): string;
}

export function createCheckProgress(): CheckProgress {
  let frames = 0;
  let checks = 0;
  let programEnded = false;
  return {
    see(event) {
      if (event.type === 'frame') frames += 1;
      else if (event.type === 'check') checks += 1;
      else if (event.type === 'exit' && event.source === 'learner') programEnded = true;
    },
    line(elapsedMs) {
      const s = `${Math.floor(elapsedMs / 1000)} s`;
      const framesSoFar = `${frames} ${frames === 1 ? 'frame' : 'frames'}`;
      if (checks > 0) return `${s}: judging the run, ${checks} checks done.`;
      if (programEnded)
        return `${s}: your program has ended; the checker is reading its ${framesSoFar}.`;
      if (frames > 0) return `${s}: your program is running, ${framesSoFar} on the wire so far.`;
      return `${s}: starting the programs; no frame on the wire yet.`;
    },
  };
}
