// One line that says how a run ended, printed before the verdict: a learner whose checks all
// fail after a time limit, an output flood or a crash should read that first, not infer it.
import type { Summary } from '../harness/run.ts';
import { MEMORY_LIMIT_TEXT } from '../harness/memory-limit.ts';

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** The line for a run, or null when the program simply finished. */
export function endingLine(summary: Summary): string | null {
  const ending = summary.ending;
  const who = ending?.program === 'reference' ? 'the reference client' : 'your program';
  switch (summary.verdict) {
    case 'completed':
      return null;
    case 'timeout':
      return `run ended: timeout: stopped at the time limit of ${seconds(ending?.timeoutMs ?? 0)}.`;
    case 'output-limit':
      return 'run ended: output limit: stopped for writing more output than the harness records.';
    case 'memory-limit':
      return (
        `run ended: memory limit: ${who} ran out of the memory a run may take ` +
        `(${MEMORY_LIMIT_TEXT}); look for data it keeps without end.`
      );
    case 'crashed': {
      const exit = ending?.exit;
      const how = exit?.signal
        ? `was killed by ${exit.signal}`
        : `exited with code ${exit?.code ?? 'unknown'}`;
      return `run ended: crashed: ${who} ${how}.`;
    }
    case 'error':
      if (summary.refused) return `run ended: ${summary.summary}.`;
      // The harness's own words may already say what it is.
      return `run ended: ${/^harness error: /.test(summary.summary) ? '' : 'harness error: '}${summary.summary}`;
  }
}
